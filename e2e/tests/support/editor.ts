import { expect, type Locator, type Page } from '@playwright/test';

/** Replaces the text of a CodeMirror editor as a person would (select all, delete, then the text, without auto-closed brackets). */
export async function writeQuery(page: Page, editor: Locator, text: string): Promise<void> {
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
  // CodeMirror draws each line as its own element: the text reads without the line breaks.
  await expect(editor).toHaveText(text.split('\n').join(''));
}

/** The editor lines in `scope` marked as failing (a lesson's Run, a check, a reference query). */
export const markedLines = (scope: Page | Locator): Locator => scope.locator('.dbl-runnable__error-line');

/** The failing line marked in `scope`'s editor: its text, and its number red in the gutter. */
export async function expectMarkedLine(scope: Page | Locator, text: string, number: number): Promise<void> {
  await expect(markedLines(scope)).toHaveText(text);
  await expect(scope.locator('.dbl-runnable__error-line-number')).toHaveText(String(number));
}
