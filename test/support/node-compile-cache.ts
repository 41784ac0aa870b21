import { join } from 'node:path';
import { REPOSITORY_ROOT } from './repository-root';

/** Where the processes the tests start keep the V8 code of the modules they load (node_modules is not committed). */
export const NODE_COMPILE_CACHE_DIR = join(REPOSITORY_ROOT, 'node_modules', '.cache', 'node-compile-cache');

/**
 * Lets every Node process the run starts reuse the compiled code of the modules the ones before it
 * loaded (Node's on-disk compile cache, keyed by each file's content): the api servers, CLIs and
 * projectors the process suites spawn, and jest's workers, boot without compiling the same
 * JavaScript again. Set in the global setup, before jest starts its workers, so they and whatever
 * they spawn inherit it. A value already set wins.
 */
export function shareNodeCompileCache(): void {
  process.env.NODE_COMPILE_CACHE ??= NODE_COMPILE_CACHE_DIR;
}
