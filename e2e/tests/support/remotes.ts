import type { Page } from '@playwright/test';

/** The suite's remote ports (playwright.config.ts MF_<NAME>_PORT). */
export const REMOTE_PORTS = { catalog: 18081, interview: 18082, qna: 18083, dashboard: 18084 } as const;

/**
 * Takes one area offline for this page, as if its server were down: every request to its port
 * fails. Returns what brings it back.
 */
export async function takeAreaOffline(page: Page, area: keyof typeof REMOTE_PORTS): Promise<() => Promise<void>> {
  const pattern = new RegExp(`^https?://[^/]+:${REMOTE_PORTS[area]}/`);
  await page.route(pattern, (route) => route.abort('connectionrefused'));
  return () => page.unroute(pattern);
}
