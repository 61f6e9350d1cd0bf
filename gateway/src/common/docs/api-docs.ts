import { AUTH_HEADER } from '@dblearn/contracts';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { answerComponents } from './answer-docs.js';
import { documentContractDtos } from './dto-docs.js';

/** Where the OpenAPI UI is served, under the global prefix: GET /api/docs (JSON at /api/docs-json). */
export const API_DOCS_PATH = 'docs';

/** The OpenAPI UI for every call (CONTRACT "Health and docs"). */
export function setupApiDocs(app: INestApplication): void {
  documentContractDtos();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('DBLearn API')
      .setDescription(
        'The gateway of DBLearn. Send the session token from POST /auth (or the x-auth-token header of POST /users) ' +
          'as the x-auth-token header. Errors are JSON {statusCode, error, message}.',
      )
      .setVersion('1')
      .addApiKey({ type: 'apiKey', in: 'header', name: AUTH_HEADER, description: 'The session token (a JWT).' }, AUTH_HEADER)
      .build(),
  );
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...answerComponents() } };
  SwaggerModule.setup(API_DOCS_PATH, app, document, { useGlobalPrefix: true, customSiteTitle: 'DBLearn API' });
}
