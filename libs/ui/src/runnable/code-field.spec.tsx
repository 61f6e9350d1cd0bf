import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { TextField } from '../components/field.js';
import { CodeField } from './code-field.js';

// jsdom lays nothing out: CodeMirror measures text ranges, which jsdom's Range cannot do.
beforeAll(() => {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

function Script({ error, hint }: { error?: string; hint?: string }) {
  const [value, setValue] = useState('CREATE TABLE t (a);');
  return <CodeField value={value} onChange={setValue} label="Sandbox script" error={error} hint={hint} />;
}

const loaded = async () => {
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Sandbox script' }).tagName).not.toBe('TEXTAREA'));
  return screen.getByRole('textbox', { name: 'Sandbox script' });
};

describe('CodeField', () => {
  it('is framed like every field: label, editor, hint, no error while valid', async () => {
    const { container } = render(<Script hint="CREATE TABLE and INSERT statements." />);
    // The stand-in text area, before CodeMirror loads, is wired the same way.
    expect(screen.getByRole('textbox', { name: 'Sandbox script' })).toHaveAccessibleDescription('CREATE TABLE and INSERT statements.');
    const editor = await loaded();
    expect(editor).toHaveAccessibleDescription('CREATE TABLE and INSERT statements.');
    expect(editor).not.toHaveAttribute('aria-invalid');
    expect(container.firstElementChild).toHaveClass('dbl-field');
    expect(container.firstElementChild).not.toHaveClass('dbl-field--invalid');
    expect(container.querySelector('label.dbl-field__label')).toHaveTextContent('Sandbox script');
    // A label's `for` may only point at a form element; CodeMirror's text is none.
    expect(container.querySelector('label.dbl-field__label')).not.toHaveAttribute('for');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the error as a text field does: invalid, described by the hint then the error, red frame', async () => {
    const { container } = render(<Script hint="CREATE TABLE and INSERT statements." error="The sandbox script does not run: Line 2: no such table: nowhere" />);
    expect(screen.getByRole('textbox', { name: 'Sandbox script' })).toHaveAttribute('aria-invalid', 'true');
    const editor = await loaded();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(editor).toHaveAccessibleDescription('CREATE TABLE and INSERT statements. The sandbox script does not run: Line 2: no such table: nowhere');
    expect(screen.getByRole('alert')).toHaveTextContent('The sandbox script does not run: Line 2: no such table: nowhere');
    expect(container.firstElementChild).toHaveClass('dbl-field dbl-field--invalid');
    expect(editor.id).toBeTruthy();
    expect(screen.getByRole('alert').id).toBe(`${editor.id}-error`);
  });

  it('renders the same frame markup as a TextField', async () => {
    const code = render(<Script error="Broken." />);
    await loaded();
    const text = render(<TextField label="Sandbox script" error="Broken." />);
    const outline = (root: Element) => [...root.children].map((child) => `${child.tagName}.${child.className}`);
    const [codeFrame, textFrame] = [code.container.firstElementChild!, text.container.firstElementChild!];
    expect(codeFrame.className).toBe(textFrame.className);
    expect(outline(codeFrame)).toEqual(['LABEL.dbl-field__label', 'DIV.dbl-runnable__editor', 'P.dbl-field__error']);
    expect(outline(textFrame)).toEqual(['LABEL.dbl-field__label', 'INPUT.dbl-field__control', 'P.dbl-field__error']);
  });
});
