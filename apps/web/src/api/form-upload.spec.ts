import { describe, expect, it } from '@jest/globals';
import { ApiClient, CSRF_HEADER } from './api-client';
import { NETWORK_ERROR } from './api-error';

type Outcome = { readonly status: number; readonly body: string } | 'network failure' | 'never';

/** An XMLHttpRequest that records what it is sent, reports `progress` as the body goes, then answers `outcome`. */
class FakeXhr {
  method = '';
  url = '';
  withCredentials = false;
  body: unknown = null;
  status = 0;
  responseText = '';
  readonly headers: Record<string, string> = {};
  readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor(
    private readonly outcome: Outcome,
    private readonly progress: readonly number[] = [],
  ) {}

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: unknown): void {
    this.body = body;
    for (const loaded of this.progress) this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 });
    const { outcome } = this;
    if (outcome === 'never') return;
    queueMicrotask(() => {
      if (outcome === 'network failure') {
        this.onerror?.();
        return;
      }
      this.status = outcome.status;
      this.responseText = outcome.body;
      this.onload?.();
    });
  }

  abort(): void {
    queueMicrotask(() => this.onabort?.());
  }
}

function clientWith(xhr: FakeXhr): ApiClient {
  // The fake has the few members the upload uses; the client asks for the browser's type.
  return new ApiClient({ fetch: (async () => new Response(null, { status: 204 })) as typeof fetch, xhr: () => xhr as unknown as XMLHttpRequest });
}

describe('uploads through the web app client', () => {
  it("posts the form to the path with the cookie and the session's CSRF token, reports progress and answers the JSON", async () => {
    const xhr = new FakeXhr({ status: 200, body: '{"file":{"sId":"fil_1","status":"ready"}}' }, [30, 100]);
    const client = clientWith(xhr);
    client.useCsrfToken('csrf-1');
    const form = new FormData();
    const progress: number[][] = [];
    const answer = await client.upload('/api/w/w1/files/fil_1', form, { onProgress: (sent, total) => progress.push([sent, total]) });
    expect(answer).toEqual({ file: { sId: 'fil_1', status: 'ready' } });
    expect([xhr.method, xhr.url, xhr.withCredentials, xhr.body]).toEqual(['POST', '/api/w/w1/files/fil_1', true, form]);
    expect(xhr.headers[CSRF_HEADER]).toBe('csrf-1');
    expect(progress).toEqual([
      [30, 100],
      [100, 100],
    ]);
  });

  it("refuses as the JSON calls do: the envelope's message, a 401 telling the page, no answer as a network error", async () => {
    const tooBig = clientWith(new FakeXhr({ status: 400, body: '{"error":{"type":"file_too_large","message":"Files of type application/pdf may be at most 50 MB."}}' }));
    await expect(tooBig.upload('/api/w/w1/files/fil_1', new FormData())).rejects.toMatchObject({ status: 400, type: 'file_too_large', message: 'Files of type application/pdf may be at most 50 MB.' });

    const signedOut = clientWith(new FakeXhr({ status: 401, body: '{"error":{"type":"not_authenticated","message":"Sign in again."}}' }));
    let told = 0;
    signedOut.onUnauthenticated(() => (told += 1));
    await expect(signedOut.upload('/api/w/w1/files/fil_1', new FormData())).rejects.toMatchObject({ status: 401 });
    expect(told).toBe(1);

    const offline = clientWith(new FakeXhr('network failure'));
    await expect(offline.upload('/api/w/w1/files/fil_1', new FormData())).rejects.toMatchObject({ status: 0, type: NETWORK_ERROR });
  });

  it('stops the request when its signal aborts, ending as the abort', async () => {
    const controller = new AbortController();
    const pending = clientWith(new FakeXhr('never')).upload('/api/w/w1/files/fil_1', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const early = clientWith(new FakeXhr('never')).upload('/api/w/w1/files/fil_1', new FormData(), { signal: controller.signal });
    await expect(early).rejects.toMatchObject({ name: 'AbortError' });
  });
});
