import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { flushCompileCache } from 'node:module';

/**
 * Writes Node's compile cache (which main enables, see compile-cache.ts) as the application stops:
 * Node writes it at exit, which a stop by signal never reaches, as Nest raises the signal again
 * once the application is closed. Where no cache is enabled (tests, the CLI) this does nothing.
 */
@Injectable()
export class CompileCacheWriter implements OnApplicationShutdown {
  onApplicationShutdown(): void {
    flushCompileCache();
  }
}
