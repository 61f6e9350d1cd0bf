import { z } from 'zod';
import { SERVICES, type ServiceName } from '../messaging/services.js';

/** `database-stuck`: the service answers, its database does not (the launcher restarts FerretDB on it). */
const serviceState = z.enum(['up', 'down', 'database-stuck']);

/** GET /health (CONTRACT "Health and docs"): 200 when every service answers, 503 naming the ones that do not. */
export const HealthReportAnswer = z
  .object({
    status: z.enum(['ok', 'unavailable']).meta({ example: 'ok' }),
    services: z.object(Object.fromEntries(Object.keys(SERVICES).map((service) => [service, serviceState])) as Record<ServiceName, typeof serviceState>),
  })
  .meta({ id: 'HealthReport' });
