import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { LazyMongoEditor, LazySqlEditor } from './lazy-sql-editor.js';

function Editor({ onSubmit }: { onSubmit: (value: string) => void }) {
  const [value, setValue] = useState('SELECT 1;');
  return <LazySqlEditor value={value} onChange={setValue} onSubmit={onSubmit} label="Your query" />;
}

// jsdom lays nothing out: CodeMirror measures text ranges, which jsdom's Range cannot do.
beforeAll(() => {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

describe('LazySqlEditor', () => {
  it('stands in with a text area of the same name, then becomes CodeMirror with the same text', async () => {
    const submitted: string[] = [];
    render(<Editor onSubmit={(value) => submitted.push(value)} />);
    expect(screen.getByRole('textbox', { name: 'Your query' })).toHaveValue('SELECT 1;');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your query' }).tagName).not.toBe('TEXTAREA'));
    const editor = screen.getByRole('textbox', { name: 'Your query' });
    expect(editor).toHaveTextContent('SELECT 1;');
    await act(async () => {
      editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }));
    });
    expect(submitted).toEqual(['SELECT 1;']);
  });
});

describe('LazyMongoEditor', () => {
  it('becomes CodeMirror with ```mongo highlighting: an operator reads as a keyword, a key as a property', async () => {
    render(<LazyMongoEditor value={'db.books.find({"year": {"$gt": 2000}})'} onChange={() => undefined} label="Your query for check 1" />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your query for check 1' }).tagName).not.toBe('TEXTAREA'));
    const editor = screen.getByRole('textbox', { name: 'Your query for check 1' });
    const styled = (text: string) => Array.from(editor.querySelectorAll('span')).find((span) => span.textContent === text)?.className ?? '';
    expect(styled('"$gt"')).not.toBe('');
    expect(styled('"$gt"')).not.toBe(styled('"year"'));
  });
});
