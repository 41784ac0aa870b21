import { describe, expect, it } from '@jest/globals';
import { ApiClient } from './api-client';
import { HistoryApi } from './history';

// The history calls speak the api's routes: ids encoded in the path, the instant and the page of a
// past view in the query, bodies only where the route takes one.

describe("the web app's calls on a conversation's history", () => {
  it('posts retry, edit, fork and compact on the private routes, and reads a past view with its page', async () => {
    const sent: { method: string | undefined; url: string; body: unknown }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      sent.push({ method: init.method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    const history = new HistoryApi(new ApiClient({ fetch: fetchImpl }));

    await history.retry('w1', 'c/1', 'm?1');
    await history.edit('w1', 'c1', 'm1', { content: 'Again @helper', mentions: [{ configurationId: 'a1' }] });
    await history.fork('w1', 'c1', 'm1');
    await history.compact('w1', 'c1');
    await history.getAt('w1', 'c1', 1_764_612_000_000, { limit: 50 });
    await history.getAt('w1', 'c1', 0, { limit: 50, lastValue: '50' });

    const base = '/api/w/w1/assistant/conversations';
    expect(sent).toEqual([
      { method: 'POST', url: `${base}/c%2F1/messages/m%3F1/retry`, body: undefined },
      { method: 'POST', url: `${base}/c1/messages/m1/edit`, body: { content: 'Again @helper', mentions: [{ configurationId: 'a1' }] } },
      { method: 'POST', url: `${base}/c1/fork`, body: { sourceMessageId: 'm1' } },
      { method: 'POST', url: `${base}/c1/compact`, body: undefined },
      { method: 'GET', url: `${base}/c1?at=1764612000000&limit=50`, body: undefined },
      { method: 'GET', url: `${base}/c1?at=0&limit=50&lastValue=50`, body: undefined },
    ]);
  });
});
