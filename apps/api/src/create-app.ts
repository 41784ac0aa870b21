import 'reflect-metadata';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import { runInReadScope } from '@app/storage';
import { AppModule } from './app.module';
import { answerParserErrorsInEnvelope } from './common/http/client-errors';
import { ErrorEnvelopeFilter } from './common/http/error-envelope.filter';
import { JsonBodyMiddleware } from './common/http/json-body.middleware';
import { mountRequestMiddlewares } from './common/http/request-middlewares';
import { routeThroughIndex } from './common/http/route-index';
import { RequestLogMiddleware } from './common/http/request-log.middleware';
import { HttpMetricsMiddleware } from './metrics/http-metrics.middleware';
import { WebAppMiddleware } from './web/web-app.middleware';
import { sendJsonTextAsIs } from './common/http/json-text';
import { setupApiDocs } from './common/openapi/api-docs';
import type { ApiConfig } from './config/api-config';
import { PinoNestLogger } from './common/logger';

/**
 * Builds the Nest application (not listening yet): used by main and by the end-to-end tests.
 * `extraModules` are imported beside the app's own (tests register test doubles of ports there).
 */
export async function createApp(config: ApiConfig, logger: Logger, extraModules: readonly DynamicModule[] = []): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, logger, extraModules), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'extended');
  // Behind proxies the client address (rate limits per address) is read from X-Forwarded-For.
  app.set('trust proxy', config.trustProxyHops);
  app.enableShutdownHooks();
  sendJsonTextAsIs(app);
  // Each request's reads share one check of the read store's cache against other connections' commits.
  app.use((_request: unknown, _response: unknown, next: () => void) => runInReadScope(next));
  const middlewares = [RequestLogMiddleware, HttpMetricsMiddleware, JsonBodyMiddleware, WebAppMiddleware].map((type) => app.get(type));
  mountRequestMiddlewares(app, middlewares, new ErrorEnvelopeFilter(logger));
  setupApiDocs(app, config);
  routeThroughIndex(app);
  const server = app.getHttpServer();
  answerParserErrorsInEnvelope(server);
  // Streams never finish on their own: end them so shutdown does not wait for clients to leave.
  const close = server.close.bind(server);
  server.close = ((callback?: (error?: Error) => void) => {
    const result = close(callback);
    server.closeAllConnections();
    return result;
  }) as typeof server.close;
  return app;
}
