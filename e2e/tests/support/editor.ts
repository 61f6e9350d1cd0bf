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
