import { z } from 'zod';
import { SERVICES, type ServiceName } from '../messaging/services.js';

const serviceState = z.enum(['up', 'down']);

/** GET /health (CONTRACT "Health and docs"): 200 when every service answers, 503 naming the ones that do not. */
export const HealthReportAnswer = z
  .object({
    status: z.enum(['ok', 'unavailable']).meta({ example: 'ok' }),
    services: z.object(Object.fromEntries(Object.keys(SERVICES).map((service) => [service, serviceState])) as Record<ServiceName, typeof serviceState>),
  })
  .meta({ id: 'HealthReport' });
