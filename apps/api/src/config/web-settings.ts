import { nonEmpty, type Environment } from '@app/storage';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The web app the api serves at `/`. */
export interface WebSettings {
  /** The built web app (index.html and assets/): dist/web unless WEB_APP_DIR says otherwise. */
  readonly dir: string;
}

export function parseWebSettings(env: Environment, problems: string[]): WebSettings {
  const configured = nonEmpty(env.WEB_APP_DIR);
  if (configured === undefined) return { dir: builtWebAppDir() };
  const dir = resolve(configured);
  if (existsSync(dir) && !statSync(dir).isDirectory()) problems.push(`WEB_APP_DIR must be a directory (got "${configured}")`);
  return { dir };
}

/**
 * dist/web, where `npm run build` puts the web app. Built code runs from dist/apps/api/src/config,
 * four folders below dist/; code run from the TypeScript sources (jest) is four below the root.
 */
function builtWebAppDir(): string {
  const above = join(__dirname, '..', '..', '..', '..');
  return __filename.endsWith('.js') ? join(above, 'web') : join(above, 'dist', 'web');
}
