import { AgentApi, isTitleRequest, openAIEnv, textScenario } from './support/agent-run-helpers';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { samplesOf, scrapeMetrics, valueOf, type PromSample } from './support/prometheus-text';
import { call, startTestApp } from './support/test-app';
import { until as eventually } from '@app/contracts/test/until';

jest.setTimeout(30_000);

const CONVERSATION_ROUTE = '/api/v1/w/:wId/assistant/conversations/:cId';


describe('GET /metrics (Prometheus)', () => {
  let fake: FakeOpenAIServer;
  let api: AgentApi;

  beforeAll(async () => {
    fake = await FakeOpenAIServer.start();
    // Agent runs answer by their prompt; title requests get a title.
    fake.setResolver((request) => {
      if (isTitleRequest(request)) return textScenario(['A title']);
      if (JSON.stringify(request.body).includes('Break please')) return { steps: [{ type: 'text', tokens: ['Partial'] }, { type: 'disconnect' }] };
      return textScenario(['Hello!']);
    });
    api = await AgentApi.start(openAIEnv(fake));
  });
  afterAll(async () => {
    await api?.t.close();
    await fake?.close();
  });

  it('serves the text format without an API key, with the process metrics', async () => {
    const response = await fetch(`${api.t.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const samples = await scrapeMetrics(api.t.baseUrl);
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect({ name, found: samplesOf(samples, name).length > 0 }).toEqual({ name, found: true });
    }
  });

  it('counts and times requests by route template and status: two conversations are one series, no id in any label', async () => {
    const first = await api.createConversation('Hi there');
    const second = await api.createConversation('Hi again');
    await api.settled(first.conversationId, first.agentMessageId);
    await api.settled(second.conversationId, second.agentMessageId);
    const before = await scrapeMetrics(api.t.baseUrl);
    const labels = { method: 'GET', route: CONVERSATION_ROUTE, status: '200' };
    const countBefore = valueOf(before, 'http_requests_total', labels) ?? 0;
    for (const conversationId of [first.conversationId, second.conversationId]) {
      expect((await call(api.t.baseUrl, 'GET', api.path(`/${conversationId}`), { key: api.key })).status).toBe(200);
    }
    expect((await call(api.t.baseUrl, 'GET', api.path('/NoSuchConv'), { key: api.key })).status).toBe(404);
    expect((await call(api.t.baseUrl, 'GET', '/no/such/route')).status).toBe(404);

    const response = await fetch(`${api.t.baseUrl}/metrics`);
    const text = await response.text();
    const samples = await scrapeMetrics(api.t.baseUrl);
    expect(valueOf(samples, 'http_requests_total', labels)).toBe(countBefore + 2);
    expect(valueOf(samples, 'http_requests_total', { ...labels, status: '404' })).toBe(1);
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(valueOf(samples, 'http_requests_total', { method: 'POST', route: '/api/v1/w/:wId/assistant/conversations', status: '200' })).toBe(2);
    expect(valueOf(samples, 'http_request_duration_seconds_count', labels)).toBe(countBefore + 2);
    expect(valueOf(samples, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(countBefore + 2);
    expect(valueOf(samples, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    // One series per route template, whatever the ids in the URL.
    const conversationRoutes = new Set(
      samplesOf(samples, 'http_requests_total', { method: 'GET' })
        .map((sample) => sample.labels.route)
        .filter((route) => route.includes('conversations/')),
    );
    expect([...conversationRoutes]).toEqual([CONVERSATION_ROUTE]);
    for (const id of [api.workspaceId, first.conversationId, second.conversationId, 'NoSuchConv', '/no/such/route']) expect(text).not.toContain(id);
  });

  it('counts appended events by type and agent runs by outcome', async () => {
    const ok = await api.createConversation('Hello');
    const broken = await api.createConversation('Break please');
    expect(await api.settled(ok.conversationId, ok.agentMessageId)).toMatchObject({ status: 'succeeded' });
    expect(await api.settled(broken.conversationId, broken.agentMessageId)).toMatchObject({ status: 'failed' });
    let samples: PromSample[] = [];
    // The outcome is counted once the run stream is ended too, just after the conversation shows it.
    await eventually(async () => {
      samples = await scrapeMetrics(api.t.baseUrl);
      return (valueOf(samples, 'agent_runs_total', { outcome: 'failed' }) ?? 0) >= 1;
    });
    expect(valueOf(samples, 'agent_runs_total', { outcome: 'succeeded' })).toBeGreaterThanOrEqual(3);
    expect(valueOf(samples, 'agent_runs_total', { outcome: 'failed' })).toBe(1);
    // Every conversation created here so far: two in the test above, two in this one.
    expect(valueOf(samples, 'events_appended_total', { type: 'ConversationCreated' })).toBe(4);
    expect(valueOf(samples, 'events_appended_total', { type: 'UserMessagePosted' })).toBe(4);
    expect(valueOf(samples, 'events_appended_total', { type: 'AgentMessageStatusChanged' })).toBeGreaterThanOrEqual(4);
    const types = samplesOf(samples, 'events_appended_total').map((sample) => sample.labels.type);
    expect(types.every((type) => /^[A-Z][A-Za-z]+$/.test(type))).toBe(true);
  });

  it('shows open event streams while they last', async () => {
    const { conversationId } = await api.createConversation('Stream me');
    const open = (samples: PromSample[]): number | undefined => valueOf(samples, 'sse_connections_open', { stream: 'conversation' });
    expect(open(await scrapeMetrics(api.t.baseUrl)) ?? 0).toBe(0);
    const controller = new AbortController();
    const response = await fetch(`${api.t.baseUrl}${api.path(`/${conversationId}/events`)}`, {
      headers: { authorization: `Bearer ${api.key}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    await eventually(async () => open(await scrapeMetrics(api.t.baseUrl)) === 1);
    controller.abort();
    await eventually(async () => open(await scrapeMetrics(api.t.baseUrl)) === 0);
    const samples = await scrapeMetrics(api.t.baseUrl);
    // Streams are counted as requests, and not timed (their duration is the client's stay).
    const streamRoute = '/api/v1/w/:wId/assistant/conversations/:cId/events';
    expect(valueOf(samples, 'http_requests_total', { method: 'GET', route: streamRoute, status: '200' })).toBe(1);
    expect(samplesOf(samples, 'http_request_duration_seconds_count', { route: streamRoute })).toEqual([]);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers only with the bearer token', async () => {
    const token = 'metrics-token-0123456789';
    const t = await startTestApp({ METRICS_TOKEN: token });
    try {
      const missing = await call(t.baseUrl, 'GET', '/metrics');
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ error: { type: 'not_authenticated', message: expect.stringContaining('METRICS_TOKEN') } });
      expect((await call(t.baseUrl, 'GET', '/metrics', { headers: { authorization: 'Bearer wrong-token' } })).status).toBe(401);
      expect((await call(t.baseUrl, 'GET', '/metrics', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      expect((await call(t.baseUrl, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
