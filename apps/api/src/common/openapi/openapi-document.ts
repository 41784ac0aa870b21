import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { IS_PUBLIC_ROUTE, PERSON_OR_ANONYMOUS, PERSON_ROUTE } from '../http/route-access';
import { CSRF_HEADER, SESSION_COOKIE } from '../http/session-access';
import type { ApiConfig } from '../../config/api-config';
import { serviceVersion } from '../service-version';
import { ErrorEnvelopeSchema } from './error-envelope.schema';
import { toOpenApi31Schemas } from './openapi-31';
import { BEARER_SCHEME, describeOperations, errorResponseComponents, SESSION_SCHEME, TAGS, type HandlerInfo } from './openapi-operations';

const DESCRIPTION = [
  'Workspace conversations between people and AI agents, wire-compatible with the Dust API.',
  '',
  'Every route under `/w/{wId}` exists in two families that share one implementation: `/api/v1/w/{wId}/…` (public) and',
  '`/api/w/{wId}/…` (private). Authenticate with a workspace API key (`Authorization: Bearer sk-…`) or a personal access',
  'token (`Bearer pat-…`, acting as its user with their role); a signed-in browser may instead send its session cookie on',
  'the private family and the account routes (`/api/auth/…`, `/api/user/…`), with the session\'s CSRF token in',
  '`x-csrf-token` on every request that changes something.',
  '',
  'Errors are always `{"error": {"type", "message"}}`. An unknown path answers 404 `not_found`; a known path with',
  'another method answers 405 `method_not_supported_error` with an `Allow` header.',
].join('\n');

/** The document's title (the Swagger UI page's too). */
export const API_TITLE = 'Workspace conversation service';

/** Builds the OpenAPI 3.1 document from the application's controllers. */
export function buildOpenApiDocument(app: INestApplication, config: ApiConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(API_TITLE)
    .setDescription(DESCRIPTION)
    .setVersion(serviceVersion())
    .addBearerAuth(
      // bearerFormat defaults to JWT; the keys are opaque `sk-…` strings (and tokens `pat-…` ones).
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'sk-…',
        description: 'A workspace API key (`Authorization: Bearer sk-…`), or a personal access token (`Bearer pat-…`) acting as its user.',
      },
      BEARER_SCHEME,
    )
    .addSecurity(SESSION_SCHEME, {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description: `A signed-in browser's session cookie (set by the sign-in answers). A request that changes something also sends the session's CSRF token in \`${CSRF_HEADER}\`.`,
    });
  // Without PUBLIC_URL, leaving servers out makes clients use the address the document came from.
  if (config.publicUrlConfigured) builder.addServer(config.publicUrl);
  for (const tag of TAGS) builder.addTag(tag.name, tag.description);

  const document = SwaggerModule.createDocument(app, builder.build(), {
    // An interim id naming the handler, replaced by a readable one unless a controller sets its own.
    operationIdFactory: (controller, handler) => `${controller}.${handler}`,
    autoTagControllers: false,
    extraModels: [ErrorEnvelopeSchema],
  });
  document.components = { ...document.components, responses: { ...document.components?.responses, ...errorResponseComponents() } };
  const handlers = controllerRoutes(app);
  describeOperations(document, (method, path) => handlers.get(`${method} ${path}`) ?? null);
  // DocumentBuilder starts from `servers: []`; an empty list says nothing, so leave it out.
  const { servers, ...rest } = document;
  return toOpenApi31Schemas(servers?.length ? document : rest);
}

/**
 * Every controller route, keyed `get /api/w/{wId}`, with its handler and the guard's own
 * public-route test. Read from the routing metadata rather than from @nestjs/swagger's output, so
 * it holds whatever the operation's declared operationId. Paths are joined as Nest joins them
 * without a global prefix or URI versioning, neither of which this app uses.
 */
function controllerRoutes(app: INestApplication): Map<string, HandlerInfo> {
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const routes = new Map<string, HandlerInfo>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype;
      if (typeof controller !== 'function') continue;
      const prototype: Record<string, unknown> = controller.prototype;
      const controllerPaths: unknown[] = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat();
      for (const handler of scanner.getAllMethodNames(prototype)) {
        const method = prototype[handler];
        if (typeof method !== 'function') continue;
        const requestMethod: unknown = Reflect.getMetadata(METHOD_METADATA, method);
        const methodPaths: unknown[] = [Reflect.getMetadata(PATH_METADATA, method) ?? []].flat();
        if (typeof requestMethod !== 'number' || requestMethod === RequestMethod.ALL) continue;
        const isPublic = reflector.getAllAndOverride<boolean>(IS_PUBLIC_ROUTE, [method, controller]) === true;
        const allowsAnonymous = reflector.getAllAndOverride<unknown>(PERSON_ROUTE, [method, controller]) === PERSON_OR_ANONYMOUS;
        for (const prefix of controllerPaths) {
          for (const path of methodPaths) {
            const template = `/${[prefix, path].map((part) => String(part).replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`;
            const key = `${RequestMethod[requestMethod].toLowerCase()} ${template.replace(/:(\w+)/g, '{$1}')}`;
            routes.set(key, { controller: controller.name, handler, isPublic, allowsAnonymous });
          }
        }
      }
    }
  }
  return routes;
}
