import { createHmac, randomBytes } from 'node:crypto';
import { assistant } from './support/agent-configuration-helpers';
import { openAIEnv, runRequests, sentText, textScenario } from './support/agent-run-helpers';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { memberId } from './support/members';
import { call, startTestApp, type TestApp } from './support/test-app';

// Webhook triggers end to end: who may manage them, a signed delivery that matches starting a run
// (an unlisted conversation whose message, posted as the editor with origin `triggered`, carries
// the payload), the deliveries refused or recorded `not_matched`, the daily cap, and a re-drive of
// stored deliveries against a new filter, dry and for real.

const SIGNING_SECRET = 'whsec_the-shared-secret';
const sign = (body: string, secret = SIGNING_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('webhook triggers', () => {
  let t: TestApp;
  let model: FakeOpenAIServer;
  let wId: string;
  let adminKey: string;
  let adaKey: string;
  let bobKey: string;
  let carlKey: string;
  let agentId: string;
  let adaId: string;

  const triggersPath = (aId = agentId) => `/api/w/${wId}/assistant/agent_configurations/${aId}/triggers`;
  const webhookTrigger = (overrides: Record<string, unknown> = {}) => ({
    name: 'On push to main',
    kind: 'webhook',
    customPrompt: 'Summarize this push.',
    naturalLanguageDescription: null,
    configuration: { includePayload: true, event: 'push', filter: '{"ref":"refs/heads/main"}' },
    webhook: { signingSecret: SIGNING_SECRET, signatureHeader: 'X-Hub-Signature-256', eventHeader: 'X-GitHub-Event' },
    ...overrides,
  });
  const create = (key: string, trigger: Record<string, unknown>, aId = agentId) => call(t.baseUrl, 'POST', triggersPath(aId), { key, body: { triggers: [trigger] } });
  /** Posts a delivery to a hook URL as another system would: raw bytes, its own headers. */
  const deliver = async (url: string, body: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
  };
  const signed = (url: string, payload: unknown, event = 'push') => {
    const body = JSON.stringify(payload);
    return deliver(url, body, { 'x-hub-signature-256': sign(body), 'x-github-event': event });
  };

  beforeAll(async () => {
    model = await FakeOpenAIServer.start();
    model.setResolver(() => textScenario(['Noted.']));
    t = await startTestApp(openAIEnv(model, { TRIGGER_SCHEDULER_ENABLED: 'false', SECRETS_KEY: randomBytes(32).toString('hex') }));
    ({ workspaceId: wId, apiKey: adminKey } = await t.createWorkspace('Acme'));
    adaKey = await t.createKey(wId, 'builder', 'ada@example.com');
    bobKey = await t.createKey(wId, 'builder', 'bob@example.com');
    carlKey = await t.createKey(wId, 'user', 'carl@example.com');
    const agent = await call(t.baseUrl, 'POST', `/api/w/${wId}/assistant/agent_configurations`, { key: adaKey, body: { assistant: assistant({ name: 'watcher' }) } });
    expect(agent.status).toBe(200);
    agentId = agent.body.agentConfiguration.sId;
    adaId = agent.body.agentConfiguration.editors?.[0]?.sId;
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it("lets only the agent's editors and admins manage its triggers, and runs each as a member", async () => {
    expect((await create(carlKey, webhookTrigger())).status).toBe(403);
    expect((await create(bobKey, webhookTrigger())).status).toBe(403);
    expect((await call(t.baseUrl, 'GET', triggersPath(), { key: bobKey })).status).toBe(403);
    // An admin key bound to no member has no one to run as.
    expect(await create(adminKey, webhookTrigger())).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    expect(await create(adaKey, webhookTrigger(), 'n0tAnAgent')).toMatchObject({ status: 404, body: { error: { type: 'agent_configuration_not_found' } } });
  });

  it('refuses a trigger it cannot read, with a 400 that says why', async () => {
    const refusals = [
      webhookTrigger({ kind: 'cron' }),
      webhookTrigger({ configuration: { includePayload: true, cron: '* * * * *' } }),
      webhookTrigger({ configuration: { includePayload: true, filter: 'ref=main' } }),
      webhookTrigger({ surprise: true }),
      webhookTrigger({ executionPerDayLimitOverride: 0 }),
      { name: 'Nightly', kind: 'schedule', customPrompt: 'Go.', configuration: { cron: '0 25 * * *', timezone: 'Europe/Paris' } },
      { name: 'Nightly', kind: 'schedule', customPrompt: 'Go.', configuration: { cron: '0 2 * * *', timezone: 'Mars/Olympus' } },
      { name: 'Nightly', kind: 'schedule', customPrompt: 'Go.', configuration: { type: 'interval', hour: 2, minute: 0, timezone: 'UTC' } },
    ];
    for (const trigger of refusals) {
      const refused = await create(adaKey, trigger);
      expect({ trigger, status: refused.status, type: refused.body?.error?.type }).toEqual({ trigger, status: 400, type: 'invalid_request_error' });
    }
    expect((await call(t.baseUrl, 'GET', triggersPath(), { key: adaKey })).body.triggers).toEqual([]);
  });

  describe('a signed webhook trigger', () => {
    let triggerId: string;
    let hookUrl: string;

    beforeAll(async () => {
      const created = await create(adaKey, webhookTrigger());
      expect(created.status).toBe(200);
      const [trigger] = created.body.triggers;
      triggerId = trigger.sId;
      hookUrl = trigger.webhook.url.replace(/^https?:\/\/[^/]+/, t.baseUrl);
      expect(trigger).toMatchObject({ kind: 'webhook', status: 'enabled', editor: adaId ?? expect.any(String), webhook: { signed: true, signatureHeader: 'x-hub-signature-256' } });
    });

    it('shows its settings to its editors without any secret, and its URL only when it was created', async () => {
      const listed = await call(t.baseUrl, 'GET', triggersPath(), { key: adaKey });
      expect(listed.body.triggers).toHaveLength(1);
      expect(listed.body.triggers[0].webhook.url).toBeUndefined();
      expect(JSON.stringify(listed.body)).not.toContain(SIGNING_SECRET);
      const publicRead = await call(t.baseUrl, 'GET', `/api/v1/w/${wId}/triggers/${triggerId}`, { key: adaKey });
      expect(publicRead).toMatchObject({ status: 200, body: { trigger: { sId: triggerId, agentConfigurationId: agentId } } });
      expect((await call(t.baseUrl, 'GET', `/api/v1/w/${wId}/triggers/${triggerId}`, { key: carlKey })).status).toBe(403);
    });

    it('starts a run for a signed, matching delivery: an unlisted conversation whose message carries the payload', async () => {
      const payload = { ref: 'refs/heads/main', commits: [{ id: 'c0ffee', message: 'Fix the build' }] };
      const delivered = await signed(hookUrl, payload);
      expect(delivered).toMatchObject({ status: 200, body: { status: 'matched', conversationId: expect.any(String) } });
      const cId = delivered.body.conversationId;
      const read = await call(t.baseUrl, 'GET', `/api/v1/w/${wId}/assistant/conversations/${cId}`, { key: adaKey });
      expect(read.status).toBe(200);
      const conversation = read.body.conversation;
      expect(conversation).toMatchObject({ triggerId, visibility: 'unlisted', title: '@watcher triggered (webhook)' });
      const messages = conversation.content.flat();
      const user = messages.find((message: any) => message.type === 'user_message');
      expect(user.context.origin).toBe('triggered');
      expect(user.content).toContain('Summarize this push.');
      expect(user.mentions).toEqual([{ configurationId: agentId }]);
      expect(messages.some((message: any) => message.type === 'agent_message' && message.configuration.sId === agentId)).toBe(true);
      const fragment = messages.find((message: any) => message.type === 'content_fragment');
      expect(fragment).toMatchObject({ title: 'Webhook payload', contentType: 'application/json' });
      const raw = await call(t.baseUrl, 'GET', `/api/w/${wId}/assistant/conversations/${cId}/messages/${fragment.sId}/raw_content_fragment`, { key: adaKey });
      expect(JSON.parse(typeof raw.body === 'string' ? raw.body : JSON.stringify(raw.body))).toEqual(payload);
      // The run answers, and the model read the payload with the prompt.
      const answered = async () => {
        const again = await call(t.baseUrl, 'GET', `/api/v1/w/${wId}/assistant/conversations/${cId}`, { key: adaKey });
        return again.body.conversation.content.flat().find((message: any) => message.type === 'agent_message');
      };
      const deadline = Date.now() + 15_000;
      while ((await answered()).status === 'created' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await answered()).toMatchObject({ status: 'succeeded', content: 'Noted.' });
      const prompt = runRequests(model).map((request) => sentText(request.body)).find((text) => text.includes('Summarize this push.'));
      expect(prompt).toContain('Fix the build');
    });

    it('refuses an unsigned or mis-signed delivery and a wrong URL secret, and stores none of them', async () => {
      const body = JSON.stringify({ ref: 'refs/heads/main' });
      const before = (await call(t.baseUrl, 'GET', `${triggersPath()}/${triggerId}/webhook_requests`, { key: adaKey })).body.requests.length;
      expect(await deliver(hookUrl, body, { 'x-github-event': 'push' })).toMatchObject({ status: 401, body: { error: { type: 'not_authenticated' } } });
      expect((await deliver(hookUrl, body, { 'x-hub-signature-256': sign(body, 'another secret'), 'x-github-event': 'push' })).status).toBe(401);
      expect((await deliver(hookUrl, body, { 'x-hub-signature-256': sign(`${body} `), 'x-github-event': 'push' })).status).toBe(401);
      const wrongSecret = await deliver(hookUrl.replace(/[^/]+$/, 'not-the-secret'), body, { 'x-hub-signature-256': sign(body) });
      const unknown = await deliver(hookUrl.replace(triggerId, 'trg_unknown0'), body, { 'x-hub-signature-256': sign(body) });
      expect(wrongSecret).toMatchObject({ status: 404, body: { error: { type: 'trigger_not_found' } } });
      expect(unknown).toEqual(wrongSecret);
      const after = (await call(t.baseUrl, 'GET', `${triggersPath()}/${triggerId}/webhook_requests`, { key: adaKey })).body.requests.length;
      expect(after).toBe(before);
    });

    it('takes JSON only, up to 2 MB', async () => {
      expect((await deliver(hookUrl, 'ref=main', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
      expect(await deliver(hookUrl, '{"ref": ', { 'x-hub-signature-256': sign('{"ref": ') })).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
      const huge = JSON.stringify({ ref: 'refs/heads/main', blob: 'x'.repeat(2 * 1024 * 1024) });
      expect(await deliver(hookUrl, huge, { 'x-hub-signature-256': sign(huge) })).toMatchObject({ status: 413, body: { error: { type: 'content_too_large' } } });
      const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      expect((await deliver(hookUrl, deep, { 'x-hub-signature-256': sign(deep) })).status).toBe(400);
      expect((await fetch(`${t.baseUrl}/healthz`)).ok).toBe(true);
    });

    it('records a delivery of another event or outside the filter as not_matched, and starts nothing', async () => {
      expect(await signed(hookUrl, { ref: 'refs/heads/dev' })).toMatchObject({ status: 200, body: { status: 'not_matched', conversationId: null } });
      expect(await signed(hookUrl, { ref: 'refs/heads/main' }, 'issues')).toMatchObject({ status: 200, body: { status: 'not_matched', conversationId: null } });
      const requests = (await call(t.baseUrl, 'GET', `${triggersPath()}/${triggerId}/webhook_requests`, { key: adaKey })).body.requests;
      expect(requests.map((request: any) => request.status)).toEqual(['not_matched', 'not_matched', 'matched']);
      expect(requests[0]).toMatchObject({ eventName: 'issues', payload: { body: { ref: 'refs/heads/main' } } });
      expect((await call(t.baseUrl, 'GET', `${triggersPath()}/${triggerId}/webhook_requests`, { key: bobKey })).status).toBe(403);
    });

    it('re-drives stored deliveries: a dry run against a new filter reports what would match and writes nothing; for real it starts the runs', async () => {
      const redrive = (body: Record<string, unknown>) => call(t.baseUrl, 'POST', `${triggersPath()}/${triggerId}/webhook_requests/redrive`, { key: adaKey, body });
      const dry = await redrive({ filter: '{"ref":"refs/heads/dev"}' });
      expect(dry).toMatchObject({ status: 200, body: { dryRun: true, filter: '{"ref":"refs/heads/dev"}', event: 'push', matched: 1 } });
      expect(dry.body.results.map((result: any) => result.outcome)).toEqual(['not_matched', 'matched', 'not_matched']);
      expect((await redrive({ filter: 'not json' })).status).toBe(400);
      expect((await redrive({ dryRun: false, filter: '{"ref":"refs/heads/dev"}' })).status).toBe(400);
      const stored = (await call(t.baseUrl, 'GET', `${triggersPath()}/${triggerId}/webhook_requests`, { key: adaKey })).body.requests;
      expect(stored.map((request: any) => request.status)).toEqual(['not_matched', 'not_matched', 'matched']);

      const patched = await call(t.baseUrl, 'PATCH', `${triggersPath()}/${triggerId}`, {
        key: adaKey,
        body: webhookTrigger({ configuration: { includePayload: true, event: 'push', filter: '{"ref":"refs/heads/dev"}' }, webhook: {} }),
      });
      expect(patched).toMatchObject({ status: 200, body: { trigger: { configuration: { filter: '{"ref":"refs/heads/dev"}' }, webhook: { signed: true } } } });
      const devRequest = stored[1].id;
      const real = await redrive({ dryRun: false, requestIds: [devRequest] });
      expect(real).toMatchObject({ status: 200, body: { dryRun: false, matched: 1, results: [{ requestId: devRequest, outcome: 'matched', conversationId: expect.any(String) }] } });
      const conversation = await call(t.baseUrl, 'GET', `/api/v1/w/${wId}/assistant/conversations/${real.body.results[0].conversationId}`, { key: adaKey });
      expect(conversation.body.conversation.triggerId).toBe(triggerId);
      const after = (await call(t.baseUrl, 'GET', `${triggersPath()}/${triggerId}/webhook_requests`, { key: adaKey })).body.requests;
      expect(after.find((request: any) => request.id === devRequest)).toMatchObject({ status: 'matched', conversationId: real.body.results[0].conversationId });
      // The signature check survived the update that left the signing secret out.
      expect((await deliver(hookUrl, '{"ref":"refs/heads/dev"}', { 'x-github-event': 'push' })).status).toBe(401);
    });
  });

  it('caps firings per day, stores deliveries of a disabled trigger as not_matched, and forgets a deleted one', async () => {
    const created = await create(adaKey, { name: 'Any delivery', kind: 'webhook', customPrompt: 'Look.', configuration: { includePayload: false }, executionPerDayLimitOverride: 1 });
    const [trigger] = created.body.triggers;
    expect(trigger.webhook.signed).toBe(false);
    const url = trigger.webhook.url.replace(/^https?:\/\/[^/]+/, t.baseUrl);
    expect((await deliver(url, '{"n":1}')).body.status).toBe('matched');
    expect((await deliver(url, '{"n":2}')).body).toMatchObject({ status: 'rate_limited', conversationId: null });

    const disabled = await call(t.baseUrl, 'PATCH', `${triggersPath()}/${trigger.sId}`, {
      key: adaKey,
      body: { name: 'Any delivery', kind: 'webhook', customPrompt: 'Look.', configuration: { includePayload: false }, status: 'disabled', executionPerDayLimitOverride: 5 },
    });
    expect(disabled.body.trigger.status).toBe('disabled');
    expect((await deliver(url, '{"n":3}')).body.status).toBe('not_matched');
    expect((await call(t.baseUrl, 'PATCH', `${triggersPath()}/${trigger.sId}`, { key: adaKey, body: { name: 'x', kind: 'schedule', configuration: { cron: '* * * * *' } } })).status).toBe(400);

    expect((await call(t.baseUrl, 'DELETE', `${triggersPath()}/${trigger.sId}`, { key: bobKey })).status).toBe(403);
    expect(await call(t.baseUrl, 'DELETE', `${triggersPath()}/${trigger.sId}`, { key: adaKey })).toMatchObject({ status: 200, body: { success: true } });
    expect((await call(t.baseUrl, 'GET', `${triggersPath()}/${trigger.sId}`, { key: adaKey })).status).toBe(404);
    expect((await deliver(url, '{"n":4}')).status).toBe(404);
  });

  // Last: it removes ada from the workspace.
  it('records a firing whose run cannot start as failed: its editor is no longer a member', async () => {
    const created = await create(adaKey, { name: 'Orphaned', kind: 'webhook', customPrompt: 'Look.', configuration: { includePayload: false } });
    const [trigger] = created.body.triggers;
    const url = trigger.webhook.url.replace(/^https?:\/\/[^/]+/, t.baseUrl);
    const ada = await memberId(t.baseUrl, wId, adaKey);
    expect((await call(t.baseUrl, 'DELETE', `/api/w/${wId}/members/${ada}`, { key: adminKey })).status).toBe(204);
    expect(await deliver(url, '{"n":1}')).toMatchObject({ status: 200, body: { status: 'failed', conversationId: null } });
    const [request] = (await call(t.baseUrl, 'GET', `${triggersPath()}/${trigger.sId}/webhook_requests`, { key: adminKey })).body.requests;
    expect(request).toMatchObject({ status: 'failed', conversationId: null, error: expect.stringContaining('no longer a member') });
  });
});
