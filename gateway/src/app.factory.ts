import {
  applyHttpServerLimits,
  AUTH_HEADER,
  BODY_LIMIT_BYTES,
  CONTENT_BODY_LIMIT_BYTES,
  CONTENT_IMPORT_LIMIT_BYTES,
  SANDBOX_BODY_LIMIT_BYTES,
  TOTAL_COUNT_HEADER,
} from '@dblearn/contracts';
// The logger alone, not the service kit: the gateway has no database or outbox to load.
import { createPino, ServiceLogger } from '@dblearn/nest-common/logging';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { json } from 'express';
import helmet from 'helmet';
import { AppModule } from './app.module.js';
import { onlyBlockRoutes } from './common/body/block-routes.js';
import { verifyJsonDepth } from './common/body/json-depth.js';
import { setupApiDocs } from './common/docs/api-docs.js';
import { requestLogger } from './common/middleware/request-logger.middleware.js';
import { refuseIllFormedText } from './common/middleware/well-formed-text.middleware.js';
import { CONTENT_IMPORT_PATH } from './content/content-transfer.controller.js';
import type { GatewayConfig } from './config/gateway.config.js';

/** CONTRACT: every call lives under /api. */
export const API_PREFIX = 'api';

/**
 * The gateway application, configured but not listening: main.ts listens on it, tests drive it
 * in process. Middleware order matters: the request log first (so it sees every answer), then
 * security headers, CORS, and the size-limited body parsers.
 */
export async function createGatewayApp(config: GatewayConfig): Promise<NestExpressApplication> {
  const logger = createPino({ name: 'gateway', logLevel: config.logLevels[0] ?? 'log', logJson: config.logJson });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    // Registered below with the 100 kB limit instead of Nest's defaults.
    bodyParser: false,
    // Nest's boot chatter goes to debug, so a start logs one line and then one per request.
    logger: new ServiceLogger(logger),
    // Keep-alive sockets (the shell's proxy holds some) must not hold up a shutdown.
    forceCloseConnections: true,
  });

  // Slow clients cannot hold connections (issue 6).
  applyHttpServerLimits(app.getHttpServer());
  // X-Forwarded-For counts only when the edge sent the request, and only the entry the edge wrote
  // (the real peer): a client cannot choose its own address to dodge the login limits.
  const edges = new Set(config.trustedEdges);
  app.set('trust proxy', (address: string, hop: number) => hop === 0 && edges.has(address));
  app.disable('x-powered-by');
  // Answers are per caller and never revalidated: hashing every body for an ETag is CPU spent for nothing.
  app.set('etag', false);
  app.use(requestLogger(logger));
  app.use(
    helmet({
      // Plain http is normal here (localhost, TLS ends at the edge in production): upgrading the docs' scripts to https would break them.
      contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
    }),
  );
  // Only DBLearn's own pages (the shell, remotes run alone on their ports) may call from a browser.
  app.enableCors({ origin: config.corsOrigins, allowedHeaders: ['Content-Type', AUTH_HEADER], exposedHeaders: [AUTH_HEADER, TOTAL_COUNT_HEADER] });
  // Answers carry tokens and profiles: no cache (browser, proxy) may keep them.
  app.use((_request: unknown, response: { setHeader(name: string, value: string): void }, next: () => void) => {
    response.setHeader('Cache-Control', 'no-store');
    next();
  });
  // The content import alone takes a large file (CONTRACT); once parsed here the general parser leaves the body alone.
  app.use(`/${API_PREFIX}/${CONTENT_IMPORT_PATH}`, json({ limit: CONTENT_IMPORT_LIMIT_BYTES, verify: verifyJsonDepth }));
  // A course sandbox is a script of up to 200 kB (CONTRACT "Runnable SQL").
  app.use(`/${API_PREFIX}/course/sandbox`, json({ limit: SANDBOX_BODY_LIMIT_BYTES, verify: verifyJsonDepth }));
  // A content block is up to 100,000 characters (issue 17): the three routes that carry one take more.
  app.use(onlyBlockRoutes(json({ limit: CONTENT_BODY_LIMIT_BYTES, verify: verifyJsonDepth })));
  // express.json itself: Nest's useBodyParser keeps `verify` for its own use.
  app.use(json({ limit: BODY_LIMIT_BYTES, verify: verifyJsonDepth }));
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT_BYTES, extended: false });
  app.use(refuseIllFormedText);
  app.setGlobalPrefix(API_PREFIX);
  setupApiDocs(app);
  return app;
}
