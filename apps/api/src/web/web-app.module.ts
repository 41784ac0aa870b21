import { Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { WebAppMiddleware } from './web-app.middleware';

/**
 * The web app at `/`, served from the build (`npm run build:web`). A middleware rather than a
 * controller: it must answer paths no route knows (the app's own, for reloads and bookmarks) and
 * stay out of the API's guard, its 405s and its OpenAPI document.
 */
@Module({ providers: [WebAppMiddleware] })
export class WebAppModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(WebAppMiddleware).forRoutes('{*path}');
  }
}
