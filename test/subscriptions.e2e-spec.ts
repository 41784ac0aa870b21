import { until } from '@app/contracts/test/until';
import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { AgentApi, CONTEXT, isTitleRequest, openAIEnv, textScenario } from './support/agent-run-helpers';
import { assistant } from './support/agent-assistant-body';
import { postContent, uploadFile } from './support/file-upload-helpers';
import { useFakeOpenAI } from './support/use-fake-openai';
import { memberId } from './support/members';
import { createAgentWithView, registerRemoteServer } from './support/remote-mcp-agents';
import { startToolServer } from './support/remote-mcp-server';
import { collectSse } from './support/sse-client';
import { call, startTestApp, type TestApp } from './support/test-app';
import { startWebhookReceiver, verifyStandardWebhook, type ReceivedWebhook, type WebhookReceiver } from './support/webhook-receiver';

const SECRETS_KEY = randomBytes(32).toString('hex');

/** Event subscriptions through HTTP: admins create, list, read, pause, resume and delete them. */
describe('event subscriptions', () => {
  let t: TestApp;
  let workspaceId: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ SECRETS_KEY });
    ({ workspaceId, apiKey: admin } = await t.createWorkspace('Acme'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const path = (suffix = '') => `/api/w/${workspaceId}/subscriptions${suffix}`;

  it('creates a subscription, shows its secret once, and lists, reads, pauses, resumes and deletes it', async () => {
    const created = await call(t.baseUrl, 'POST', path(), {
      key: admin,
      body: { url: 'https://hooks.example.com/in', events: ['message.posted', 'file.ready'], filters: { spaceIds: ['vlt_abc'] } },
    });
    expect(created.status).toBe(200);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.body.secret.slice(6), 'base64')).toHaveLength(32);
    const sId: string = created.body.subscription.sId;
    expect(created.body.subscription).toEqual({
      sId,
      url: 'https://hooks.example.com/in',
      events: ['message.posted', 'file.ready'],
      filters: { spaceIds: ['vlt_abc'], agentIds: [] },
      status: 'active',
      pauseReason: null,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });

    const listed = await call(t.baseUrl, 'GET', path(), { key: admin });
    expect(listed.body.subscriptions.map((s: { sId: string }) => s.sId)).toEqual([sId]);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
    expect((await call(t.baseUrl, 'GET', path(`/${sId}`), { key: admin })).body.subscription.sId).toBe(sId);

    const paused = await call(t.baseUrl, 'POST', path(`/${sId}/pause`), { key: admin });
    expect(paused.body.subscription).toMatchObject({ status: 'paused', pauseReason: { by: 'admin' } });
    const resumed = await call(t.baseUrl, 'POST', path(`/${sId}/resume`), { key: admin });
    expect(resumed.body.subscription).toMatchObject({ status: 'active', pauseReason: null });

    expect((await call(t.baseUrl, 'DELETE', path(`/${sId}`), { key: admin })).body).toEqual({ success: true });
    expect(await call(t.baseUrl, 'GET', path(`/${sId}`), { key: admin })).toMatchObject({ status: 404, body: { error: { type: 'not_found' } } });
  });

  it('refuses bad bodies with a 400, unknown kinds by name, and non-admins with a 403', async () => {
    const post = (body: unknown, key = admin) => call(t.baseUrl, 'POST', path(), { key, body });
    expect(await post({ url: 'https://hooks.example.com/in', events: ['message.created'] })).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    expect((await post({ url: 'https://hooks.example.com/in', events: [] })).status).toBe(400);
    expect((await post({ url: 'https://hooks.example.com/in', events: ['message.posted'], filters: { other: [] } })).status).toBe(400);
    expect((await post({ url: 'https://hooks.example.com/in', events: ['message.posted'], extra: 1 })).status).toBe(400);
    const loopback = await post({ url: 'http://127.0.0.1:9/in', events: ['message.posted'] });
    expect(loopback).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    expect(loopback.body.error.message).toMatch(/not public/);
    const notHttp = await post({ url: 'file:///etc/passwd', events: ['message.posted'] });
    expect(notHttp).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid request body: The URL must be http: or https:.' } } });
    const builder = await t.createKey(workspaceId, 'builder');
    expect((await post({ url: 'https://hooks.example.com/in', events: ['message.posted'] }, builder)).status).toBe(403);
    expect((await call(t.baseUrl, 'GET', path(), { key: builder })).status).toBe(403);
  });

  it('answers 404 for a subscription of another workspace', async () => {
    const other = await t.createWorkspace('Other');
    const created = await call(t.baseUrl, 'POST', `/api/w/${other.workspaceId}/subscriptions`, {
      key: other.apiKey,
      body: { url: 'https://hooks.example.com/other', events: ['member.joined'] },
    });
    expect((await call(t.baseUrl, 'GET', path(`/${created.body.subscription.sId}`), { key: admin })).status).toBe(404);
    expect((await call(t.baseUrl, 'DELETE', path(`/${created.body.subscription.sId}`), { key: admin })).status).toBe(404);
  });
});

/**
 * Deliveries to a receiver on loopback (allowed here by MCP_ALLOW_PRIVATE_NETWORKS): every kind
 * the test produces arrives once, in log order, signed as Standard Webhooks says; a receiver that
 * fails for a while loses nothing; a replay from an instant redelivers exactly the later events;
 * a receiver that keeps failing gets its subscription paused with the reason.
 */
describe('event subscription deliveries', () => {
  let t: TestApp;
  let workspaceId: string;
  let admin: string;
  let receiver: WebhookReceiver;
  let secret: string;
  let sId: string;
  let documents: string;
  /** Receives a subscription limited to another space than the documents': it gets none of them. */
  let otherSpace: WebhookReceiver;

  const kinds = ['conversation.created', 'message.posted', 'member.joined', 'member.removed', 'document.upserted', 'document.deleted', 'table.imported'];
  const bodies = (received: readonly ReceivedWebhook[]) => received.filter((message) => message.status === 200).map((message) => JSON.parse(message.body));
  const positionOf = (id: string) => Number(/^msg_(\d+)_/.exec(id)![1]);
  const upsert = (documentId: string) => call(t.baseUrl, 'POST', `${documents}/${documentId}`, { key: admin, body: { text: `About ${documentId}.` } });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestApp({
      SECRETS_KEY,
      MCP_ALLOW_PRIVATE_NETWORKS: 'true',
      AGENT_RUNNER_ENABLED: 'false',
      SUBSCRIPTION_POLL_MS: '20',
      SUBSCRIPTION_RETRY_BASE_MS: '20',
      SUBSCRIPTION_RETRY_MAX_DELAY_MS: '100',
      SUBSCRIPTION_RETRY_FOR_MS: '1500',
    });
    ({ workspaceId, apiKey: admin } = await t.createWorkspace('Acme'));
    const spaceId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: admin, body: { name: 'Docs', isRestricted: false } })).body.space.sId;
    const dataSource = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${spaceId}/data_sources`, { key: admin, body: { name: 'handbook' } });
    documents = `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${dataSource.body.dataSource.sId}/documents`;
    const created = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/subscriptions`, { key: admin, body: { url: receiver.url, events: kinds } });
    expect(created.status).toBe(200);
    ({ secret } = created.body);
    sId = created.body.subscription.sId;
    otherSpace = await startWebhookReceiver();
    const otherSpaceId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: admin, body: { name: 'Elsewhere', isRestricted: false } })).body.space.sId;
    const limited = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/subscriptions`, {
      key: admin,
      body: { url: otherSpace.url, events: kinds, filters: { spaceIds: [otherSpaceId] } },
    });
    expect(limited.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await otherSpace?.close();
  });

  it('delivers each produced kind once, in log order, signed as Standard Webhooks says', async () => {
    await upsert('doc-1');
    await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/assistant/conversations`, {
      key: admin,
      body: { title: 'Hello', message: { content: 'Hi there', mentions: [], context: CONTEXT } },
    });
    const memberKey = await t.createKey(workspaceId, 'user', 'grace@example.com');
    const userId = await memberId(t.baseUrl, workspaceId, memberKey);
    await call(t.baseUrl, 'DELETE', `/api/w/${workspaceId}/members/${userId}`, { key: admin });
    await call(t.baseUrl, 'DELETE', `${documents}/doc-1`, { key: admin });
    const csv = Buffer.from('city,population\nBrest,139000\n');
    const requested = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/files`, {
      key: admin,
      body: { contentType: 'text/csv', fileName: 'cities.csv', fileSize: csv.length, useCase: 'upsert_table' },
    });
    await postContent(t.baseUrl, admin, `/api/v1/w/${workspaceId}/files/${requested.body.file.sId}`, csv, 'cities.csv', 'text/csv');
    const tables = documents.replace(/\/documents$/, '/tables/csv');
    expect((await call(t.baseUrl, 'POST', tables, { key: admin, body: { name: 'cities', description: 'd', fileId: requested.body.file.sId, truncate: true } })).status).toBe(200);

    await until(async () => bodies(receiver.received).length >= 9, 10_000);
    const delivered = bodies(receiver.received);
    // Finding the member's id posts a message of theirs: a conversation and a message more.
    expect(delivered.map((body) => body.type)).toEqual([
      'document.upserted',
      'conversation.created',
      'message.posted',
      'member.joined',
      'conversation.created',
      'message.posted',
      'member.removed',
      'document.deleted',
      'table.imported',
    ]);
    expect(delivered[8].data).toMatchObject({ tableId: expect.any(String), rowsImported: 1 });
    expect(delivered.every((body) => body.workspaceId === workspaceId && typeof body.timestamp === 'number')).toBe(true);
    expect(delivered[0].data).toMatchObject({ documentId: 'doc-1' });
    expect(delivered[2].data).toMatchObject({ content: 'Hi there' });
    expect(delivered[3].data).toMatchObject({ userId, email: 'grace@example.com' });
    const positions = delivered.map((body) => positionOf(body.id));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(new Set(positions).size).toBe(positions.length);
    for (const message of receiver.received) {
      expect(verifyStandardWebhook(secret, message)).toBe(true);
      expect(message.headers['webhook-id']).toBe(JSON.parse(message.body).id);
      expect(verifyStandardWebhook(`whsec_${randomBytes(32).toString('base64')}`, message)).toBe(false);
      expect(verifyStandardWebhook(secret, { ...message, body: message.body.replace('}', ' }') })).toBe(false);
    }
    // Limited to another space: no document and no conversation (of no space) reached it; members are of no space either.
    expect(otherSpace.received).toEqual([]);
  });

  it('keeps delivering in order after a receiver fails for a while, losing nothing, and lists the attempts', async () => {
    receiver.status = 503;
    const before = receiver.received.length;
    for (const id of ['doc-2', 'doc-3', 'doc-4']) await upsert(id);
    await until(async () => receiver.received.length >= before + 3, 10_000);
    receiver.status = 200;
    await until(async () => bodies(receiver.received).filter((body) => body.type === 'document.upserted').length >= 4, 10_000);
    const upserted = bodies(receiver.received).filter((body) => body.type === 'document.upserted').map((body) => body.data.documentId);
    expect(upserted).toEqual(['doc-1', 'doc-2', 'doc-3', 'doc-4']);
    // Failures were retried on the first of them: the later ones were not sent out of order.
    const failedIds = new Set(receiver.received.slice(before).filter((message) => message.status === 503).map((message) => message.headers['webhook-id']));
    expect(failedIds.size).toBe(1);

    const listDeliveries = () => call(t.baseUrl, 'GET', `/api/w/${workspaceId}/subscriptions/${sId}/deliveries`, { key: admin });
    const delivered = (listed: { body: { deliveries: { outcome: string }[] } }) => listed.body.deliveries.filter((delivery) => delivery.outcome === 'delivered');
    await until(async () => delivered(await listDeliveries()).length >= 12, 5_000);
    const deliveries = await listDeliveries();
    const failed = deliveries.body.deliveries.filter((delivery: { outcome: string }) => delivery.outcome === 'failed');
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed[0]).toMatchObject({ statusCode: 503, type: 'document.upserted', error: expect.stringContaining('503'), durationMs: expect.any(Number) });
    expect(delivered(deliveries)).toHaveLength(12);
    expect((await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/subscriptions/${sId}`, { key: admin })).body.subscription.status).toBe('active');
  });

  it('redelivers exactly the events after an instant on a replay, and from a delivery id', async () => {
    const firstRound = bodies(receiver.received);
    const instant = firstRound.find((body) => body.data.documentId === 'doc-3').timestamp;
    const later = firstRound.filter((body) => body.timestamp >= instant).map((body) => body.id);
    expect(later.length).toBeGreaterThanOrEqual(2);
    const before = bodies(receiver.received).length;
    const replayed = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/subscriptions/${sId}/replay`, { key: admin, body: { from: instant } });
    expect(replayed.status).toBe(200);
    await until(async () => bodies(receiver.received).length >= before + later.length, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bodies(receiver.received).slice(before).map((body) => body.id)).toEqual(later);

    const fromDelivery = later[later.length - 1];
    const again = bodies(receiver.received).length;
    await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/subscriptions/${sId}/replay`, { key: admin, body: { from: fromDelivery } });
    await until(async () => bodies(receiver.received).length >= again + 1, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bodies(receiver.received).slice(again).map((body) => body.id)).toEqual([fromDelivery]);
    expect((await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/subscriptions/${sId}/replay`, { key: admin, body: { from: 'msg_1_other' } })).status).toBe(400);
    expect((await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/subscriptions/${sId}/replay`, { key: admin, body: { from: -5 } })).status).toBe(400);
  });

  it('streams the same messages as server-sent events, resumable with Last-Event-ID', async () => {
    const url = `${t.baseUrl}/api/w/${workspaceId}/subscriptions/${sId}/events`;
    const upserts = (frames: { data?: any }[]) => frames.filter((frame) => frame.data?.type === 'document.upserted');
    const all = await collectSse(url, { key: admin, stop: (frames) => upserts(frames).length >= 4, timeoutMs: 10_000 });
    const delivered = bodies(receiver.received);
    const expected = [...new Map(delivered.map((body) => [body.id, body])).values()].sort((a, b) => positionOf(a.id) - positionOf(b.id));
    expect(all.frames.map((frame) => frame.data)).toEqual(expected.slice(0, all.frames.length));
    expect(all.frames.every((frame) => frame.eventId === String(positionOf(frame.data.id)))).toBe(true);

    const resumeAfter = all.frames[1].eventId!;
    // The first frame is doc-1's upsert: resuming after the second leaves the three later upserts.
    const resumed = await collectSse(url, { key: admin, headers: { 'last-event-id': resumeAfter }, stop: (frames) => upserts(frames).length >= 3, timeoutMs: 10_000 });
    expect(resumed.frames.map((frame) => frame.eventId)).toEqual(all.frames.slice(2).map((frame) => frame.eventId));
    expect((await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/subscriptions/${sId}/events?lastEventId=abc`, { key: admin })).status).toBe(400);
  }, 30_000);

  it('pauses a subscription whose receiver keeps failing, and says why', async () => {
    const failing = await startWebhookReceiver();
    failing.status = 500;
    try {
      const created = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/subscriptions`, { key: admin, body: { url: failing.url, events: ['document.upserted'] } });
      const failingId = created.body.subscription.sId;
      await upsert('doc-5');
      let subscription: any;
      await until(async () => {
        subscription = (await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/subscriptions/${failingId}`, { key: admin })).body.subscription;
        return subscription.status === 'paused';
      }, 10_000);
      expect(subscription.pauseReason).toEqual({ by: 'delivery_failures', message: expect.stringContaining('HTTP 500') });
      expect(failing.received.length).toBeGreaterThanOrEqual(2);
    } finally {
      await failing.close();
    }
  });
});

/** Agent runs and files: outcomes of agent messages (filtered by agent) and processed files. */
describe('event subscription deliveries of agent runs and files', () => {
  const openAI = useFakeOpenAI();
  let api: AgentApi;
  let receiver: WebhookReceiver;
  let secret: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await api?.t.close();
    await receiver?.close();
  });

  it('delivers agent message outcomes (succeeded, failed, cancelled) of the agents it names, tool calls blocked and approved, files processed or failed, and trigger firings', async () => {
    api = await AgentApi.start(openAIEnv(openAI.server, { SECRETS_KEY, MCP_ALLOW_PRIVATE_NETWORKS: 'true', SUBSCRIPTION_POLL_MS: '20' }));
    const subscriptions = `/api/w/${api.workspaceId}/subscriptions`;
    const events = [
      'agent_message.succeeded',
      'agent_message.failed',
      'agent_message.cancelled',
      'file.ready',
      'file.failed',
      'trigger.fired',
      'tool_call.blocked',
      'tool_call.approved',
    ];
    const created = await call(api.t.baseUrl, 'POST', subscriptions, { key: api.key, body: { url: `${receiver.url}?all`, events } });
    ({ secret } = created.body);
    const other = await call(api.t.baseUrl, 'POST', subscriptions, { key: api.key, body: { url: `${receiver.url}?other`, events, filters: { agentIds: ['n0tThisOne'] } } });
    expect(other.status).toBe(200);

    openAI.server.setResolver(() => textScenario(['Hello', ' there.']));
    const { agentMessageId, conversationId } = await api.createConversation('Hi');
    const file = await uploadFile(api.t.baseUrl, api.key, api.workspaceId, { name: 'notes.txt', type: 'text/plain', bytes: 'Some notes.', conversationId });
    expect(file.status).toBe(200);
    // Not UTF-8: its text cannot be extracted.
    const unreadable = await uploadFile(api.t.baseUrl, api.key, api.workspaceId, { name: 'latin1.txt', type: 'text/plain', bytes: Buffer.from([0x63, 0x61, 0x66, 0xe9]), conversationId });
    expect(unreadable.body.file.status).toBe('failed');

    await until(async () => receiver.received.length >= 3, 15_000);
    // The model refuses the next run (a 400 is not retried): its message fails.
    openAI.server.setResolver((request) => (isTitleRequest(request) ? textScenario(['A title']) : { steps: [{ type: 'http-error', status: 400 }] }));
    const failed = await api.createConversation('Again');
    await until(async () => receiver.received.length >= 4, 15_000);

    // A webhook trigger fires its agent (which runs, and fails like the previous run).
    const editor = await api.t.createKey(api.workspaceId, 'builder', 'editor@example.com');
    const agent = await call(api.t.baseUrl, 'POST', `/api/w/${api.workspaceId}/assistant/agent_configurations`, { key: editor, body: { assistant: assistant({ name: 'hooked' }) } });
    const triggers = `/api/w/${api.workspaceId}/assistant/agent_configurations/${agent.body.agentConfiguration.sId}/triggers`;
    const trigger = await call(api.t.baseUrl, 'POST', triggers, {
      key: editor,
      body: { triggers: [{ name: 'On delivery', kind: 'webhook', customPrompt: 'Look.', configuration: { includePayload: true } }] },
    });
    const hook = await fetch(trigger.body.triggers[0].webhook.url.replace(/^https?:\/\/[^/]+/, api.t.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"action":"opened"}',
    });
    expect(hook.status).toBe(200);
    await until(async () => receiver.received.some((message) => JSON.parse(message.body).type === 'trigger.fired'), 15_000);

    // A run cancelled while the model is slow to answer.
    openAI.server.setResolver((request) => (isTitleRequest(request) ? textScenario(['A title']) : textScenario(['Slowly'], 5_000)));
    const slow = await api.createConversation('Take your time');
    expect((await call(api.t.baseUrl, 'POST', api.path(`/${slow.conversationId}/cancel`), { key: api.key, body: { messageIds: [slow.agentMessageId] } })).status).toBe(200);
    await until(async () => receiver.received.some((message) => JSON.parse(message.body).type === 'agent_message.cancelled'), 15_000);

    // A tool that asks first: its call is blocked, then approved by the member the run acts for.
    const tools = await startToolServer('mail', [{ name: 'send_mail', description: 'Sends', inputSchema: { to: z.string() }, answer: () => 'Sent' }]);
    try {
      const { viewId } = await registerRemoteServer(api.t.baseUrl, api.workspaceId, api.key, tools.url);
      const mailer = await createAgentWithView(api.t.baseUrl, api.workspaceId, api.key, viewId, { name: 'mailer' });
      const memberKey = await api.t.createKey(api.workspaceId, 'user', 'ada@example.com');
      let runs = 0;
      openAI.server.setResolver((request) => {
        if (isTitleRequest(request)) return textScenario(['A title']);
        runs += 1;
        return runs === 1 ? { steps: [{ type: 'tool-call', name: 'send_mail', args: { to: 'ada' } }] } : textScenario(['Sent.']);
      });
      const ada = new AgentApi(api.t, api.workspaceId, memberKey);
      const mailing = await ada.createConversation('Send it', { agent: mailer });
      let blocked: { actionId: string }[] = [];
      await until(async () => {
        blocked = (await call(api.t.baseUrl, 'GET', ada.path(`/${mailing.conversationId}/actions/blocked`), { key: memberKey })).body.blockedActions ?? [];
        return blocked.length > 0;
      }, 15_000);
      const validate = `/api/w/${api.workspaceId}/assistant/conversations/${mailing.conversationId}/messages/${mailing.agentMessageId}/validate-action`;
      expect((await call(api.t.baseUrl, 'POST', validate, { key: memberKey, body: { actionId: blocked[0].actionId, approved: 'approved' } })).status).toBe(200);
      await until(async () => receiver.received.some((message) => JSON.parse(message.body).type === 'tool_call.approved'), 15_000);
      await ada.settled(mailing.conversationId, mailing.agentMessageId);
    } finally {
      await tools.close();
    }
    // The triggered run fails on its own time: wait for all eleven deliveries, then a moment for any
    // extra one (the subscription limited to another agent must send nothing).
    await until(async () => receiver.received.length >= 11, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Both subscriptions deliver to this receiver: the one limited to another agent sends nothing.
    const all = receiver.received.map((message) => ({ body: JSON.parse(message.body), message }));
    expect(all.map(({ body }) => body.type).sort()).toEqual([
      'agent_message.cancelled',
      'agent_message.failed',
      'agent_message.failed',
      'agent_message.succeeded',
      'agent_message.succeeded',
      'file.failed',
      'file.ready',
      // The trigger's payload goes with its message as a file.
      'file.ready',
      'tool_call.approved',
      'tool_call.blocked',
      'trigger.fired',
    ]);
    expect(all.find(({ body }) => body.type === 'tool_call.blocked')!.body.data).toMatchObject({ toolName: expect.stringContaining('send_mail'), inputs: { to: 'ada' } });
    expect(all.find(({ body }) => body.type === 'trigger.fired')!.body.data).toMatchObject({ triggerId: trigger.body.triggers[0].sId, outcome: 'matched' });
    expect(all.find(({ body }) => body.type === 'agent_message.failed')!.body.data).toMatchObject({ messageId: failed.agentMessageId, error: expect.anything() });
    expect(all.filter(({ body }) => body.type === 'agent_message.succeeded')[0].body.data).toMatchObject({ conversationId, messageId: agentMessageId, agentId: 'dust' });
    expect(all.filter(({ body }) => body.type === 'file.ready').map(({ body }) => body.data.fileId)).toContain(file.fileId);
    expect(all.find(({ body }) => body.type === 'file.failed')!.body.data).toEqual({ fileId: unreadable.fileId, reason: expect.stringContaining('UTF-8') });
    expect(all.every(({ message }) => verifyStandardWebhook(secret, message))).toBe(true);
  }, 60_000);
});
