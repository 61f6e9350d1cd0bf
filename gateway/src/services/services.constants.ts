import type { ServiceName } from '@dblearn/contracts';

/**
 * The services this gateway routes to, in one place: each gets its own NATS client and /health
 * asks each of them.
 */
export const ROUTED_SERVICES = ['users', 'content', 'community'] as const satisfies readonly ServiceName[];
export type RoutedService = (typeof ROUTED_SERVICES)[number];

/** /health must answer quickly even when a service hangs: it waits at most this long per service. */
export const HEALTH_TIMEOUT_MS = 1500;
