import { enableCompileCache } from 'node:module';

/*
 * Imported by main before anything else: V8's compiled code of every module main loads (some
 * 3,000 files) is kept on disk, so a boot after the first reads it instead of compiling again.
 * The cache lives under the OS temp directory (`node-compile-cache`), or where NODE_COMPILE_CACHE
 * says; an entry whose source changed is compiled afresh, and where the directory cannot be
 * written the process just runs without a cache: it is an optimisation, never a requirement.
 */
enableCompileCache();
