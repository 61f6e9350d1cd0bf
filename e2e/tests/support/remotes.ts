import type { Page } from '@playwright/test';
import { REMOTE_NAMES, REMOTES, remotePortVariable, type RemoteName } from '@dblearn/federation';

/**
 * The port the suite serves a remote on: E2E_<NAME>_PORT, else its REMOTES port plus 10,000
 * (catalog 8081 → 18081), so the suite never meets a platform someone runs on the default ports.
 */
export function suitePort(name: RemoteName): number {
  return Number(process.env[`E2E_${name.toUpperCase()}_PORT`] ?? REMOTES[name].port + 10_000);
}

/** The suite's remote ports, by remote. */
export const REMOTE_PORTS = Object.fromEntries(REMOTE_NAMES.map((name) => [name, suitePort(name)])) as Record<RemoteName, number>;

/** What playwright.config.ts hands the launcher: MF_<NAME>_PORT for every remote of REMOTES. */
export function suitePortVariables(): Record<string, string> {
  return Object.fromEntries(REMOTE_NAMES.map((name) => [remotePortVariable(name), String(REMOTE_PORTS[name])]));
}

/**
 * Takes one area offline for this page, as if its server were down: every request to its port
 * fails. Returns what brings it back.
 */
export async function takeAreaOffline(page: Page, area: RemoteName): Promise<() => Promise<void>> {
  const pattern = new RegExp(`^https?://[^/]+:${REMOTE_PORTS[area]}/`);
  await page.route(pattern, (route) => route.abort('connectionrefused'));
  return () => page.unroute(pattern);
}
