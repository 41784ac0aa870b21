import { describe, expect, it } from '@jest/globals';
import { ApiClient, apiPath, CSRF_HEADER } from './api-client';
import { ApiError, NETWORK_ERROR } from './api-error';
import { AuthApi } from './auth';

interface Sent {
  readonly url: string;
  readonly init: RequestInit;
}

/** A fetch that records what it is sent and answers `status` with `body` (JSON unless a string). */
function fakeFetch(status: number, body?: unknown): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status });
  }) as typeof fetch;
  return { fetch: fetchImpl, sent };
}

const SESSION = { user: { sId: 'u1' }, workspaces: [], csrfToken: 'csrf-1', sessionId: 's1', expiresAt: 0 };

function headersOf(sent: Sent): Record<string, string> {
  return sent.init.headers as Record<string, string>;
}

describe('the web app client of the api', () => {
  it('sends JSON with the session cookie, and the CSRF token only on writes once a session answered it', async () => {
    const { fetch, sent } = fakeFetch(200, SESSION);
    const client = new ApiClient({ fetch });
    const auth = new AuthApi(client);
    await client.post('/api/x', { a: 1 });
    await auth.signIn({ email: 'ada@example.com', password: 'pw' });
    await client.get('/api/w/w1/members');
    await client.patch('/api/w/w1/members/u2', { role: 'builder' });
    await client.delete('/api/w/w1/members/u2');

    expect(sent.map(({ url, init }) => [init.method, url, init.credentials])).toEqual([
      ['POST', '/api/x', 'same-origin'],
      ['POST', '/api/auth/sign-in', 'same-origin'],
      ['GET', '/api/w/w1/members', 'same-origin'],
      ['PATCH', '/api/w/w1/members/u2', 'same-origin'],
      ['DELETE', '/api/w/w1/members/u2', 'same-origin'],
    ]);
    expect(sent.map((request) => headersOf(request)[CSRF_HEADER])).toEqual([undefined, undefined, undefined, 'csrf-1', 'csrf-1']);
    expect(sent[3]!.init.body).toBe('{"role":"builder"}');
    expect(headersOf(sent[3]!)['content-type']).toBe('application/json');
    expect(headersOf(sent[4]!)['content-type']).toBeUndefined();
  });

  it('forgets the CSRF token at sign-out, even when the server had ended the session already', async () => {
    const { fetch, sent } = fakeFetch(401, { error: { type: 'not_authenticated', message: 'Your session has ended: sign in again.' } });
    const client = new ApiClient({ fetch });
    client.useCsrfToken('csrf-1');
    await expect(new AuthApi(client).signOut()).rejects.toMatchObject({ status: 401 });
    await client.post('/api/x').catch(() => undefined);
    expect(headersOf(sent[1]!)[CSRF_HEADER]).toBeUndefined();
  });

  it("turns a refusal into an ApiError with the envelope's type and message, and tells the page when the session is gone", async () => {
    const { fetch } = fakeFetch(401, { error: { type: 'not_authenticated', message: 'Your session has ended: sign in again.' } });
    const client = new ApiClient({ fetch });
    let told = 0;
    const stop = client.onUnauthenticated(() => (told += 1));
    const error = await client.get('/api/auth/session').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, type: 'not_authenticated', message: 'Your session has ended: sign in again.' });
    stop();
    await client.get('/api/auth/session').catch(() => undefined);
    expect(told).toBe(1);
  });

  it('words answers without an envelope from their status, and a request that got no answer as a network error', async () => {
    const proxy = new ApiClient({ fetch: fakeFetch(502, '<html>Bad gateway</html>').fetch });
    await expect(proxy.get('/api/x')).rejects.toMatchObject({ status: 502, type: 'unexpected_answer', message: 'The server could not answer. Try again in a moment.' });
    const odd = new ApiClient({ fetch: fakeFetch(418, { error: 'teapot' }).fetch });
    await expect(odd.get('/api/x')).rejects.toMatchObject({ status: 418, type: 'unexpected_answer' });
    const offline = new ApiClient({ fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });
    await expect(offline.get('/api/x')).rejects.toMatchObject({ status: 0, type: NETWORK_ERROR });
  });

  it('lets an aborted request end as the abort, not as a network error', async () => {
    const controller = new AbortController();
    controller.abort();
    const client = new ApiClient({ fetch: (async () => Promise.reject(new DOMException('aborted', 'AbortError'))) as typeof fetch });
    await expect(client.get('/api/x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('answers undefined for a 204', async () => {
    const client = new ApiClient({ fetch: fakeFetch(204).fetch });
    await expect(client.delete('/api/x')).resolves.toBeUndefined();
  });

  it('encodes the ids of a path', () => {
    expect(apiPath`/api/w/${'a/b'}/members/${'?x=1'}`).toBe('/api/w/a%2Fb/members/%3Fx%3D1');
  });
});
