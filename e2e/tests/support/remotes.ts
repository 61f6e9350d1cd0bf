import type { Page } from '@playwright/test';

/** The suite's remote ports (playwright.config.ts MF_<NAME>_PORT, moved with E2E_<NAME>_PORT as there). */
export const REMOTE_PORTS = {
  catalog: Number(process.env.E2E_CATALOG_PORT ?? 18081),
  interview: Number(process.env.E2E_INTERVIEW_PORT ?? 18082),
  qna: Number(process.env.E2E_QNA_PORT ?? 18083),
  dashboard: Number(process.env.E2E_DASHBOARD_PORT ?? 18084),
} as const;

/**
 * Takes one area offline for this page, as if its server were down: every request to its port
 * fails. Returns what brings it back.
 */
export async function takeAreaOffline(page: Page, area: keyof typeof REMOTE_PORTS): Promise<() => Promise<void>> {
  const pattern = new RegExp(`^https?://[^/]+:${REMOTE_PORTS[area]}/`);
  await page.route(pattern, (route) => route.abort('connectionrefused'));
  return () => page.unroute(pattern);
}
