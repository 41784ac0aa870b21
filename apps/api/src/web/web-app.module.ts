import { Module } from '@nestjs/common';
import { WebAppMiddleware } from './web-app.middleware';

/**
 * The web app at `/`, served from the build (`npm run build:web`). A middleware rather than a
 * controller (createApp mounts it after the request log, metrics and body parser): it must answer
 * paths no route knows (the app's own, for reloads and bookmarks) and stay out of the API's guard,
 * its 405s and its OpenAPI document.
 */
@Module({ providers: [WebAppMiddleware], exports: [WebAppMiddleware] })
export class WebAppModule {}
