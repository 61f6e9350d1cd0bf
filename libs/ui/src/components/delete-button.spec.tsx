import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeleteButton } from './delete-button.js';

describe('DeleteButton', () => {
  it('asks first and deletes only on Confirm delete', async () => {
    const onConfirm = jest.fn();
    render(<DeleteButton itemName="SQL Basics" onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete SQL Basics' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Delete SQL Basics?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Delete SQL Basics' })).toBeInTheDocument();
  });

  it('steps back on Cancel without deleting', async () => {
    const onConfirm = jest.fn();
    render(<DeleteButton itemName="Block" onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Block' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Confirm delete' })).not.toBeInTheDocument();
  });

  it('gives keyboard focus back to Delete on Cancel', async () => {
    render(<DeleteButton itemName="Block" onConfirm={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Block' }));
    expect(screen.getByRole('button', { name: 'Confirm delete' })).toHaveFocus();
    await userEvent.keyboard('{Tab}{Enter}');
    expect(screen.getByRole('button', { name: 'Delete Block' })).toHaveFocus();
  });

  it('is disabled while a delete is on its way', () => {
    render(<DeleteButton itemName="Block" onConfirm={() => undefined} pending />);
    expect(screen.getByRole('button', { name: 'Delete Block' })).toBeDisabled();
  });
});
