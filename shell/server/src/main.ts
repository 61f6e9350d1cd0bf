import type { AddressInfo } from 'node:net';
import { applyHttpServerLimits } from '@dblearn/contracts';
import { createShellApp } from './app.js';
import { loadConfig } from './config.js';
import { ConfigError } from './config-error.js';
import { createLogger } from './logger.js';

/** In-flight requests get this long to finish on shutdown before their sockets are closed. */
const SHUTDOWN_GRACE_MS = 10_000;

const logger = createLogger();

function start(): void {
  const config = loadConfig();
  const app = createShellApp(config, logger);
  const server = app.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    logger.info({ gateway: config.gatewayUrl, remotes: config.remotes }, `serving the shell on http://${config.host}:${port}`);
  });
  // Slow clients cannot hold connections (issue 6).
  applyHttpServerLimits(server);
  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.error(`cannot listen on ${config.host}:${config.port}: ${error.code ?? error.message}`);
    logger.flush(() => process.exit(1));
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: closing`);
    server.close(() => logger.flush(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

try {
  start();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  logger.error(error instanceof ConfigError ? `bad setting: ${message}` : message);
  logger.flush(() => process.exit(1));
}
