import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { clampPage, pageCount, pageItems, Pagination, visiblePages } from './pagination.js';

describe('pagination math', () => {
  it('fills pages of six by default', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(6)).toBe(1);
    expect(pageCount(7)).toBe(2);
    expect(pageCount(100)).toBe(17);
    expect(pageCount(10, 5)).toBe(2);
  });

  it('keeps a page number in range', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(4, 3)).toBe(3);
    expect(clampPage(2.7, 3)).toBe(2);
    expect(clampPage(Number.NaN, 3)).toBe(1);
  });

  it('slices the items of a page', () => {
    const items = Array.from({ length: 14 }, (_, index) => index + 1);
    expect(pageItems(items, 1)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(items, 3)).toEqual([13, 14]);
    expect(pageItems(items, 9)).toEqual([13, 14]);
    expect(pageItems([], 1)).toEqual([]);
  });

  it('shows the ends, the neighbours of the current page, and gaps between', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(2, 4)).toEqual([1, 2, 3, 4]);
    expect(visiblePages(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(visiblePages(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(visiblePages(10, 10)).toEqual([1, 'gap', 9, 10]);
    // A gap never hides a single page.
    expect(visiblePages(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });
});

describe('Pagination', () => {
  function Harness({ total }: { total: number }) {
    const [page, setPage] = useState(1);
    return <Pagination totalItems={total} currentPage={page} onPageChange={setPage} />;
  }

  it('renders nothing when six items or fewer fit on one page', () => {
    const { container } = render(<Pagination totalItems={6} currentPage={1} onPageChange={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('moves between pages and marks the current one', async () => {
    render(<Harness total={20} />);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks for the chosen page', async () => {
    const onPageChange = jest.fn();
    render(<Pagination totalItems={13} currentPage={1} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
