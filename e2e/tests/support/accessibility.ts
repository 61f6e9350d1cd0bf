import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules checked: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

export interface AccessibilityScope {
  /** CSS selectors to check only (default: the whole page). */
  include?: string[];
  /** CSS selectors to leave out, e.g. a third-party widget you do not control. */
  exclude?: string[];
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, naming
 * the rule, what it asks for and the elements at fault. Every feature team calls it for its own
 * screens once they have rendered, e.g. `await expectAccessible(page)` after the list shows.
 */
export async function expectAccessible(page: Page, scope: AccessibilityScope = {}): Promise<void> {
  await animationsSettled(page);
  let blocking = await blockingViolations(page, scope);
  // A toast that arrived while axe ran (a live update, a late answer) may have been read mid-fade:
  // look again once it has settled. A real violation is still there the second time.
  if (blocking.length > 0) {
    await animationsSettled(page);
    blocking = await blockingViolations(page, scope);
  }
  expect(blocking, `axe-core on ${page.url()}`).toEqual([]);
}

/**
 * axe reads colours as they are painted: a toast still fading in has a fraction of its contrast
 * ("serious color-contrast" on a toast's element, now and then). Lets every finite animation end;
 * a spinner's endless one is left alone, and a paused one is given up on after 5 s.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
}

/** The serious and critical violations axe finds now, each as one readable line. */
async function blockingViolations(page: Page, { include = [], exclude = [] }: AccessibilityScope): Promise<string[]> {
  // By default AxeBuilder evaluates axe-core's 550 kB in the page on every analyze, and again in a
  // blank page it opens for `finishRun`: about 0.3 s of CPU each, and ~100 analyses in the suite.
  // Legacy mode runs `axe.run` in the page itself (DBLearn's pages have no frames, which is all it
  // leaves out), and a document that already holds axe gets an empty source instead of it again.
  const holdsAxe = (await Promise.all(page.frames().map((frame) => frame.evaluate(() => 'axe' in window).catch(() => false)))).every(Boolean);
  let builder = new AxeBuilder({ page, ...(holdsAxe ? { axeSource: ';' } : {}) })
    .setLegacyMode()
    .withTags(WCAG_TAGS);
  for (const selector of include) builder = builder.include(selector);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
