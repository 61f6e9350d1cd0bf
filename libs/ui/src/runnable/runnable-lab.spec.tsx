import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mongoLanguage } from './mongo-language.js';
import { RunnableLab } from './runnable-lab.js';

// jsdom lays nothing out: CodeMirror measures text ranges, which jsdom's Range cannot do.
beforeAll(() => {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

/** A lab whose runs answer when the test says so, in any order. */
function renderLab() {
  const runs: { text: string; answer: (result: string) => void }[] = [];
  const run = (text: string) => new Promise<string>((resolve) => runs.push({ text, answer: resolve }));
  render(
    <RunnableLab
      code={'db.books.find({})'}
      label="MongoDB query example"
      language={mongoLanguage}
      run={run}
      ready
      hint="Queries read the course’s collections."
      renderResult={(result) => (result === null ? null : <p role="status">{result}</p>)}
    />,
  );
  return runs;
}

describe('RunnableLab', () => {
  it('runs the text on Run, says it is running, then shows the answer', async () => {
    const runs = renderLab();
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(runs.map((job) => job.text)).toEqual(['db.books.find({})']);
    expect(screen.getByRole('button', { name: 'Running…' })).toBeDisabled();
    await act(async () => runs[0]?.answer('2 documents'));
    expect(screen.getByRole('status')).toHaveTextContent('2 documents');
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'MongoDB query example' })).toHaveAccessibleDescription('Ctrl+Enter runs it. Queries read the course’s collections.');
  });

  it('runs on Ctrl+Enter in the editor', async () => {
    const runs = renderLab();
    await act(async () => {
      screen.getByRole('textbox', { name: 'MongoDB query example' }).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }));
    });
    expect(runs).toHaveLength(1);
  });

  it('Reset brings the example back, clears the result and ignores an answer still on its way', async () => {
    const runs = renderLab();
    const editor = screen.getByRole('textbox', { name: 'MongoDB query example' });
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await act(async () => runs[0]?.answer('stale'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(editor).toHaveTextContent('db.books.find({})');
  });
});
