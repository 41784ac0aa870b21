import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The version in the service's package.json, found upwards from here (source and dist alike). */
export function serviceVersion(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof manifest === 'object' && manifest !== null && 'version' in manifest && typeof manifest.version === 'string') {
        return manifest.version;
      }
    }
    if (dirname(dir) === dir) return '0.0.0';
  }
}
