import { API_DOCS } from '../common/openapi/api-docs';

/** Paths of the service itself, never the web app's: they keep their own answers (a JSON 404 among them). */
const SERVICE_PATHS: ReadonlySet<string> = new Set(['/api', '/healthz', '/readyz', '/metrics', API_DOCS.document, API_DOCS.page]);
const SERVICE_PREFIXES: readonly string[] = ['/api/', `${API_DOCS.page}/`];

/** Whether `path` (the URL's path, undecoded) belongs to the HTTP API, its health checks or its documentation. */
export function isServicePath(path: string): boolean {
  return SERVICE_PATHS.has(path) || SERVICE_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The hashed bundles Vite writes: their names change with their content, so browsers keep them for a year. */
export const ASSETS_PREFIX = '/assets/';
