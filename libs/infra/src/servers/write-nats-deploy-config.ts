import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { natsDeployConfig } from './nats-auth.js';

// Rewrites deploy/nats/nats.conf after the bus permission table changed (npm test says when).
export const NATS_DEPLOY_CONFIG = fileURLToPath(new URL('../../../../deploy/nats/nats.conf', import.meta.url));
writeFileSync(NATS_DEPLOY_CONFIG, natsDeployConfig());
process.stdout.write(`wrote ${NATS_DEPLOY_CONFIG}\n`);
