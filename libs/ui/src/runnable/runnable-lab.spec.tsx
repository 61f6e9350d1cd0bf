import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mongoLanguage } from './mongo-language.js';
import { RunnableLab } from './runnable-lab.js';

// jsdom lays nothing out: CodeMirror measures text ranges, which jsdom's Range cannot do.
beforeAll(() => {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

type Answer = { kind: 'documents'; text: string } | { kind: 'error'; message: string; line?: number };

/** A lab whose runs answer when the test says so, in any order. */
function renderLab(code = 'db.books.find({})', explaining?: { text: string; answer: (result: Answer) => void }[]) {
  const runs: { text: string; answer: (result: Answer) => void }[] = [];
  const run = (text: string) => new Promise<Answer>((resolve) => runs.push({ text, answer: resolve }));
  render(
    <RunnableLab
      code={code}
      label="MongoDB query example"
      language={mongoLanguage}
      run={run}
      explain={explaining ? { label: 'Explain', run: (text) => new Promise<Answer>((resolve) => explaining.push({ text, answer: resolve })) } : undefined}
      ready
      hint="Queries read the course’s collections."
      renderResult={(result) => (result === null ? null : <p role={result.kind === 'error' ? 'alert' : 'status'}>{result.kind === 'error' ? result.message : result.text}</p>)}
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
    await act(async () => runs[0]?.answer({ kind: 'documents', text: '2 documents' }));
    expect(screen.getByRole('status')).toHaveTextContent('2 documents');
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'MongoDB query example' })).toHaveAccessibleDescription('Ctrl+Enter runs it. Queries read the course’s collections.');
  });

  it('has no second action unless given one; Explain runs its own action and shows its answer where Run\'s goes', async () => {
    renderLab();
    expect(screen.queryByRole('button', { name: 'Explain' })).toBeNull();
    cleanup();
    const explained: { text: string; answer: (result: Answer) => void }[] = [];
    const runs = renderLab('db.books.find({})', explained);
    await userEvent.click(screen.getByRole('button', { name: 'Explain' }));
    expect([runs.length, explained.map((job) => job.text)]).toEqual([0, ['db.books.find({})']]);
    expect(screen.getByRole('button', { name: 'Explain' })).toBeDisabled();
    await act(async () => explained[0]?.answer({ kind: 'error', message: 'Line 1: near "x": syntax error', line: 1 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Line 1: near "x": syntax error');
    expect(document.querySelectorAll('.dbl-runnable__error-line')).toHaveLength(1);
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
    await act(async () => runs[0]?.answer({ kind: 'documents', text: 'stale' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(editor).toHaveTextContent('db.books.find({})');
  });
});

describe('RunnableLab marks the line a failure names', () => {
  const QUERY = 'SELECT 1;\nSELECT *\nFROM studnt;';
  /** The editor's lines that carry the error mark, by their text. */
  const markedLines = () => Array.from(document.querySelectorAll('.dbl-runnable__error-line'), (line) => line.textContent);

  it('marks it with the message, and the next Run clears it', async () => {
    const runs = renderLab(QUERY);
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await act(async () => runs[0]?.answer({ kind: 'error', message: 'Line 2: no such table: studnt', line: 2 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Line 2: no such table: studnt');
    expect(markedLines()).toEqual(['SELECT *']);
    expect(Array.from(document.querySelectorAll('.dbl-runnable__error-line-number'), (number) => number.textContent)).toEqual(['2']);
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(document.querySelector('.dbl-runnable__error-line-number')).toBeNull();
    expect(markedLines()).toEqual([]);
    await act(async () => runs[1]?.answer({ kind: 'error', message: 'no line here' }));
    expect(markedLines()).toEqual([]);
  });

  it('clears it on the next edit (the message stays) and on Reset', async () => {
    const runs = renderLab(QUERY);
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await act(async () => runs[0]?.answer({ kind: 'error', message: 'Line 3: near "FROM": syntax error', line: 3 }));
    expect(markedLines()).toEqual(['FROM studnt;']);
    await userEvent.type(screen.getByRole('textbox', { name: 'MongoDB query example' }), 'x');
    expect(markedLines()).toEqual([]);
    expect(screen.getByRole('alert')).toHaveTextContent('Line 3');

    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await act(async () => runs[1]?.answer({ kind: 'error', message: 'Line 3: again', line: 3 }));
    expect(markedLines()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(markedLines()).toEqual([]);
  });

  it('marks nothing when the text was edited while the run was on its way', async () => {
    const runs = renderLab(QUERY);
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'MongoDB query example' }), '{Enter}');
    await act(async () => runs[0]?.answer({ kind: 'error', message: 'Line 2: no such table: studnt', line: 2 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Line 2: no such table: studnt');
    expect(markedLines()).toEqual([]);
  });
});
