import { render, screen, within } from '@testing-library/react';
import { MongoResultView } from './mongo-result-view.js';

describe('MongoResultView', () => {
  it('shows nothing before a run', () => {
    const { container } = render(<MongoResultView result={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the documents with their count', () => {
    render(<MongoResultView result={{ kind: 'documents', documents: [{ title: 'Beloved', year: 1987 }, { title: 'Jazz' }], total: 2 }} />);
    expect(screen.getByRole('status')).toHaveTextContent('2 documents');
    const items = within(within(screen.getByRole('region', { name: 'Query result' })).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['{ "title": "Beloved", "year": 1987 }', '{ "title": "Jazz" }']);
  });

  it('says how many of a long result it shows, and shows no list for none', () => {
    const { rerender } = render(<MongoResultView result={{ kind: 'documents', documents: [{ n: 1 }], total: 900 }} />);
    expect(screen.getByRole('status')).toHaveTextContent('900 documents (the first 1 shown)');
    rerender(<MongoResultView result={{ kind: 'documents', documents: [], total: 0 }} />);
    expect(screen.getByRole('status')).toHaveTextContent('No documents');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the error as an alert', () => {
    render(<MongoResultView result={{ kind: 'error', message: 'Line 2: the argument of .find() is not valid JSON' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Line 2: the argument of .find() is not valid JSON');
  });
});
