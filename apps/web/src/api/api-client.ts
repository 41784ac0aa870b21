import { ApiError, apiErrorOf, NETWORK_ERROR } from './api-error';
import { sendForm, UploadNetworkError, type UploadOptions } from './form-upload';

/** Tests pass their own fetch, and their own XMLHttpRequest for uploads. */
export interface ApiClientOptions {
  readonly fetch?: typeof fetch;
  readonly xhr?: () => XMLHttpRequest;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The header a signed-in page sends its session's CSRF token in, on every request that changes something. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * The one way the web app talks to the api: same-origin JSON with the session cookie, the CSRF
 * token on writes, and every refusal as an ApiError read from the `{error: {type, message}}`
 * envelope. Typed calls (auth.ts, and one file per feature beside it) are thin functions over it.
 */
export class ApiClient {
  private csrfToken: string | null = null;
  private readonly fetchImpl: typeof fetch;
  private readonly xhrImpl: () => XMLHttpRequest;
  private readonly unauthenticatedListeners = new Set<() => void>();

  constructor(options: ApiClientOptions = {}) {
    // Bound: a fetch called as a method of another object throws "Illegal invocation".
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.xhrImpl = options.xhr ?? (() => new XMLHttpRequest());
  }

  /** Runs `listener` whenever an answer says there is no session (401), so the page goes back to sign-in; returns the unsubscribe. */
  onUnauthenticated(listener: () => void): () => void {
    this.unauthenticatedListeners.add(listener);
    return () => this.unauthenticatedListeners.delete(listener);
  }

  /** The session's CSRF token (from the sign-in answer or GET /api/auth/session); null after sign-out. */
  useCsrfToken(token: string | null): void {
    this.csrfToken = token;
  }

  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('GET', path, undefined, options);
  }

  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, body, options);
  }

  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PATCH', path, body, options);
  }

  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.request<T>('PUT', path, body, options);
  }

  delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return this.request<T>('DELETE', path, undefined, options);
  }

  /** Posts a multipart form (a file's bytes) with the CSRF token, reporting the upload's progress; answers and refuses as the JSON calls do. */
  async upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.csrfToken !== null) headers[CSRF_HEADER] = this.csrfToken;
    try {
      const { status, text } = await sendForm(this.xhrImpl(), path, form, headers, options);
      return this.answered<T>(status, text);
    } catch (error) {
      if (error instanceof UploadNetworkError) throw unreachable();
      throw error;
    }
  }

  private async request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.csrfToken !== null) headers[CSRF_HEADER] = this.csrfToken;
    let response: Response;
    try {
      response = await this.fetchImpl(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw unreachable();
    }
    return this.answered<T>(response.status, await response.text());
  }

  private answered<T>(status: number, text: string): T {
    const parsed = parseJson(text);
    if (status < 200 || status > 299) {
      const error = apiErrorOf(status, parsed);
      if (status === 401) this.unauthenticatedListeners.forEach((listener) => listener());
      throw error;
    }
    // A 204 (sign-out, deletions) has no body: the caller's type is void.
    return parsed as T;
  }
}

function unreachable(): ApiError {
  return new ApiError(0, NETWORK_ERROR, 'The server could not be reached. Check the connection and try again.');
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A path with each id in it encoded, as in apiPath`/api/w/${wId}/members`: ids come from URLs people can edit. */
export function apiPath(strings: TemplateStringsArray, ...ids: readonly string[]): string {
  return strings.reduce((path, part, index) => path + part + (index < ids.length ? encodeURIComponent(ids[index]!) : ''), '');
}
