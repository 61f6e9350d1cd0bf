import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_DEPLOY_FILES, withRemoteRegions } from './remote-deploy-files.js';

// Rewrites the regions of docker-compose.yml, the edge's Caddyfile and Dockerfile and .env.example
// that list the remotes, after REMOTES changed (npm test says when).
const root = fileURLToPath(new URL('../../../../', import.meta.url));
for (const file of Object.keys(REMOTE_DEPLOY_FILES)) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = withRemoteRegions(file, before);
  if (after !== before) writeFileSync(path, after);
  process.stdout.write(`${after === before ? 'unchanged' : 'wrote'} ${path}\n`);
}
