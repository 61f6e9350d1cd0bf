import { render, screen } from '@testing-library/react';
import { Card } from './card.js';
import { Panel } from './panel.js';
import { StarRating } from './star-rating.js';

describe('Card', () => {
  it('is an article named by its heading, with its body and actions', () => {
    render(
      <Card title="SQL Basics" actions={<a href="/catalog/1">GO!</a>}>
        Teacher: Ada
      </Card>,
    );
    const card = screen.getByRole('article', { name: 'SQL Basics' });
    expect(card).toHaveTextContent('Teacher: Ada');
    expect(screen.getByRole('heading', { level: 3, name: 'SQL Basics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GO!' })).toHaveAttribute('href', '/catalog/1');
  });
});

describe('StarRating', () => {
  it('always shows 5.0 and says so to screen readers', () => {
    render(<StarRating />);
    expect(screen.getByRole('img', { name: 'Rated 5.0 out of 5' })).toHaveTextContent('★★★★★5.0');
  });
});

describe('Panel', () => {
  it('is a region named by its heading, with its message and actions', () => {
    render(
      <Panel title="Saved" tone="success" headingLevel={1} actions={<button type="button">Close</button>}>
        <p>Your course was saved.</p>
      </Panel>,
    );
    const region = screen.getByRole('region', { name: 'Saved' });
    expect(region).toHaveClass('dbl-panel--success');
    expect(screen.getByRole('heading', { level: 1, name: 'Saved' })).toBeInTheDocument();
    expect(region).toHaveTextContent('Your course was saved.');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
