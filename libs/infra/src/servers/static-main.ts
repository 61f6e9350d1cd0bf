import { parseArgs } from 'node:util';
import { parsePort } from '../config/launch-config.js';
import { createStaticServer } from './static-server.js';

// Entry point: `node static-main.js --dir <folder> --port <n>`, run by the launcher (one process per
// remote, so each is supervised, restarted and logged like every other part of the platform).
const { values } = parseArgs({ options: { dir: { type: 'string' }, port: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' } } });
if (!values.dir) {
  process.stderr.write('--dir is required\n');
  process.exit(2);
}
const port = parsePort('--port', values.port, 0);
const server = createStaticServer(values.dir);
server.listen(port, values.host, () => {
  process.stdout.write(`serving ${values.dir} on http://${values.host}:${port}\n`);
});
const close = () => server.close(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);
