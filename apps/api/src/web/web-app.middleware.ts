import type { ErrorEnvelope } from '@app/contracts/errors';
import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { join } from 'node:path';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ASSETS_PREFIX, isServicePath } from './web-app-paths';

/** What a browser may load on the app's pages: this origin only, and no page may frame them. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Always asked again (a 304 when unchanged), so a new build's assets are picked up at once.
  'Cache-Control': 'no-cache',
} as const;

const ONE_YEAR_MS = 365 * 24 * 3_600_000;

/**
 * Serves the built web app (dist/web) to browsers: `/` and every path a browser opens as a page
 * get index.html, where the app's router takes over; the hashed files under /assets/ are cached
 * for a year. The API, health, metrics and documentation paths are never touched, and a request
 * that does not ask for HTML (fetch, a script, curl) on an unknown path still gets the JSON 404.
 */
@Injectable()
export class WebAppMiddleware implements NestMiddleware {
  private readonly dir: string;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    this.dir = config.web.dir;
  }

  use(request: Request, response: Response, next: NextFunction): void {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    // The whole path: a middleware mounted by Nest sees request.url without the part it matched.
    const path = pathOf(request);
    if (isServicePath(path)) return next();
    if (path === '/' || path === '/index.html') return this.sendPage(response);
    this.sendFile(path, response, () => {
      if (!path.startsWith(ASSETS_PREFIX) && acceptsHtml(request)) this.sendPage(response);
      else next();
    });
  }

  /**
   * A file of the build, as express.static would send it (express's sendFile: `send` decodes the
   * path, refuses `..` and dotfiles); `notFound` when there is none.
   */
  private sendFile(path: string, response: Response, notFound: () => void): void {
    const immutable = path.startsWith(ASSETS_PREFIX);
    const options = immutable
      ? { root: this.dir, maxAge: ONE_YEAR_MS, immutable: true, dotfiles: 'ignore' as const, headers: { 'X-Content-Type-Options': 'nosniff' } }
      : { root: this.dir, cacheControl: false, dotfiles: 'ignore' as const, headers: { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' } };
    response.sendFile(path.slice(1), options, (error?: Error & { code?: string }) => {
      // A browser that left (a page navigating on) needs no answer.
      if (!error || response.headersSent || error.code === 'ECONNABORTED') return;
      notFound();
    });
  }

  private sendPage(response: Response): void {
    response.sendFile('index.html', { root: this.dir, headers: PAGE_HEADERS, cacheControl: false }, (error?: Error & { code?: string }) => {
      if (!error || response.headersSent) return;
      const missing = error.code === 'ENOENT' || error.code === 'ENOTDIR';
      response.status(missing ? 404 : 500).json({
        error: missing
          ? { type: 'not_found', message: `The web app is not built (no ${join(this.dir, 'index.html')}): run \`npm run build:web\` (or \`npm run build\`), then reload.` }
          : { type: 'internal_server_error', message: 'Unhandled internal server error.' },
      } satisfies ErrorEnvelope);
    });
  }
}

function pathOf(request: Request): string {
  const url = request.originalUrl;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** A browser opening a page asks for text/html first; fetch(), scripts and curl do not. */
function acceptsHtml(request: Request): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}
