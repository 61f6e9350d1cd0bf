import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { LazySqlEditor } from './lazy-sql-editor.js';

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
