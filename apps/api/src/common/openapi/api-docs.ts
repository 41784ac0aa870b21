import type { INestApplication } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import type { ApiConfig } from '../../config/api-config';
import { buildOpenApiDocument } from './openapi-document';

/** Where the document and the Swagger UI page are served (no API key needed). */
export const API_DOCS = { document: '/openapi.json', page: '/docs' } as const;

/**
 * Serves the OpenAPI document and a Swagger UI page whose assets come from the local
 * swagger-ui-dist package, so the page works offline. Must run before the app initialises: the
 * routes are plain Express routes registered ahead of Nest's, so the API key guard, which only
 * runs for controller routes, never sees them, and they sit before the unknown-route handler.
 */
export function setupApiDocs(app: INestApplication, config: ApiConfig): void {
  const document = buildOpenApiDocument(app, config);
  SwaggerModule.setup(API_DOCS.page, app, document, {
    jsonDocumentUrl: API_DOCS.document,
    raw: ['json'],
    customSiteTitle: `${document.info.title} API`,
    // Swagger UI would otherwise send the document to validator.swagger.io for a badge.
    swaggerOptions: { validatorUrl: null },
  });
}
