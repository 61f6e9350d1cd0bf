import { createServiceLogger, logsAsJson } from '@dblearn/nest-common/logging';
import { Logger } from '@nestjs/common';
import { createGatewayApp } from './app.factory.js';
import { ConfigError, loadGatewayConfig } from './config/gateway.config.js';
import { listenAsWebEntry, listeningPort, readWebEntryConfig } from './edge/web-entry.js';

/** An HS256 key should carry at least as many bits as the hash: 32 random characters do. */
const RECOMMENDED_SECRET_LENGTH = 32;

async function bootstrap(): Promise<void> {
  const config = loadGatewayConfig(process.env);
  const webEntry = readWebEntryConfig(process.env);
  const app = await createGatewayApp(config);
  app.enableShutdownHooks();
  await app.listen(config.port, config.host);
  const logger = new Logger('Gateway');
  if (webEntry) {
    const server = await listenAsWebEntry(app, webEntry);
    logger.log(`DBLearn at http://${webEntry.host}:${listeningPort(server)} (/api in this process, the rest from ${webEntry.shellUrl})`);
  }
  if (config.jwt.secret.length < RECOMMENDED_SECRET_LENGTH) {
    logger.warn(`JWT_SECRET has fewer than ${RECOMMENDED_SECRET_LENGTH} characters: tokens signed with it are easier to forge.`);
  }
  logger.log(`DBLearn gateway listening on http://${config.host}:${config.port}/api`);
}

bootstrap().catch((error: unknown) => {
  const logger = createServiceLogger({ name: 'gateway', logLevel: 'log', logJson: logsAsJson() });
  if (error instanceof ConfigError) logger.fatal(error.message, 'Gateway');
  else logger.fatal(error instanceof Error ? (error.stack ?? error.message) : String(error), 'Gateway');
  process.exitCode = 1;
});
