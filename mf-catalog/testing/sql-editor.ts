import { EditorView } from '@codemirror/view';
import { act, screen, waitFor, within } from '@testing-library/react';

/**
 * Replaces the text of the CodeMirror editor named `label` (in `container`, if given; jsdom has no real typing into a
 * contenteditable): the change goes through CodeMirror's own update path, so onChange sees it.
 */
export async function writeSql(label: string, text: string, container?: HTMLElement): Promise<HTMLElement> {
  const scope = container ? within(container) : screen;
  await waitFor(() => expect(scope.getByRole('textbox', { name: label }).tagName).not.toBe('TEXTAREA'));
  const content = scope.getByRole('textbox', { name: label });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error(`No CodeMirror editor named ${label}`);
  // Async: a form validates the change after a tick (react-hook-form), inside act as well.
  await act(async () => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    await Promise.resolve();
  });
  return content;
}

/** Ctrl+Enter in an editor. */
export function pressCtrlEnter(content: HTMLElement): void {
  act(() => {
    content.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }));
  });
}

/** The text of the editor lines in `container` marked as failing (the lesson blocks' mark). */
export function markedLines(container: HTMLElement): (string | null)[] {
  return Array.from(container.querySelectorAll('.dbl-runnable__error-line'), (line) => line.textContent);
}
