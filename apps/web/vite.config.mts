import { defineConfig } from 'vite';

const here = import.meta.dirname;

/**
 * The web app: bundled into dist/web, which the api serves at `/` (hashed files under /assets/).
 * `npm run dev:web` serves it with hot reload and sends /api/… to an api on localhost:3000 (or
 * API_URL), so the session cookie stays on one origin as in production.
 */
export default defineConfig({
  root: here,
  base: '/',
  // The automatic JSX runtime of Vite's own transform: no React plugin (it pulls Babel in).
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: `${here}/../../dist/web`,
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // Gzipping every chunk to print its size slows each build; docs/web.md says how to measure.
    reportCompressedSize: false,
  },
  server: { proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' } },
});
