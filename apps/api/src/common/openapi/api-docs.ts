import type { INestApplication } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import type { ApiConfig } from '../../config/api-config';
import { API_TITLE, buildOpenApiDocument } from './openapi-document';

/** Where the document and the Swagger UI page are served (no API key needed). */
export const API_DOCS = { document: '/openapi.json', page: '/docs' } as const;

/**
 * Serves the OpenAPI document and a Swagger UI page whose assets come from the local
 * swagger-ui-dist package, so the page works offline. Must run before the app initialises: the
 * routes are plain Express routes registered ahead of Nest's, so the API key guard, which only
 * runs for controller routes, never sees them, and they sit before the unknown-route handler.
 *
 * The document is built on its first request, not at boot: scanning every controller and DTO
 * takes a few hundred milliseconds that no other request needs (and the routes are all
 * registered by then).
 */
export function setupApiDocs(app: INestApplication, config: ApiConfig): void {
  SwaggerModule.setup(API_DOCS.page, app, () => buildOpenApiDocument(app, config), {
    jsonDocumentUrl: API_DOCS.document,
    raw: ['json'],
    customSiteTitle: `${API_TITLE} API`,
    // Swagger UI would otherwise send the document to validator.swagger.io for a badge.
    swaggerOptions: { validatorUrl: null },
  });
}
