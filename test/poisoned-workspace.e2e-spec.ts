import { retryFailedEvents, ALL_PROJECTIONS } from '@app/projections';
import { EVENT_STORE, READ_STORE, type EventStore, type ReadStore } from '@app/storage';
import { randomUUID } from 'node:crypto';
import { scrapeMetrics, valueOf } from './support/prometheus-text';
import { call, startTestApp, type TestApp } from './support/test-app';

/**
 * One workspace's conversation holds an event the projections cannot apply (written by another
 * writer of the same log, or by a bug). The projector records it as failed and goes on: every other
 * workspace keeps working, readiness reports the failure without going unready.
 */
describe('a poisoned event in one workspace', () => {
  let t: TestApp;
  let poisoned: { workspaceId: string; apiKey: string };
  let healthy: { workspaceId: string; apiKey: string };
  const conversations = (workspaceId: string) => `/api/v1/w/${workspaceId}/assistant/conversations`;
  const message = (content: string) => ({ content, mentions: [], context: { username: 'ada', timezone: 'UTC' } });

  beforeAll(async () => {
    t = await startTestApp();
    poisoned = await t.createWorkspace('Poisoned');
    healthy = await t.createWorkspace('Healthy');
  });
  afterAll(() => t.close());

  it('stops nothing but that conversation, and /readyz reports it while staying ready', async () => {
    const victim = await call(t.baseUrl, 'POST', conversations(poisoned.workspaceId), {
      key: poisoned.apiKey,
      body: { title: 'victim', visibility: 'unlisted', message: message('before the poison') },
    });
    expect(victim.status).toBe(200);
    const victimId: string = victim.body.conversation.sId;

    // A message event whose data the conversation projection cannot fold (no message, no context).
    const eventStore = t.app.get<EventStore>(EVENT_STORE);
    await eventStore.append(
      `conversation-${victimId}`,
      [{ id: randomUUID(), type: 'UserMessagePosted', data: { conversationId: victimId, at: Date.now() }, metadata: { schemaVersion: 2, actor: 'system' } }],
      'any',
    );
    let ready = await call(t.baseUrl, 'GET', '/readyz');
    for (let attempt = 0; ready.body.projector?.failedEvents !== 1 && attempt < 100; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ready = await call(t.baseUrl, 'GET', '/readyz');
    }
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      eventStore: 'up',
      readStore: 'up',
      projector: { state: 'following', lagEvents: 0, failedEvents: 1 },
    });

    const metrics = await scrapeMetrics(t.baseUrl);
    expect(valueOf(metrics, 'projector_failed_events')).toBe(1);
    expect(valueOf(metrics, 'projector_lag_events')).toBe(0);
    expect(valueOf(metrics, 'projector_state', { state: 'following' })).toBe(1);
    expect(valueOf(metrics, 'projector_state', { state: 'failing' })).toBe(0);

    // Every other workspace, and the poisoned workspace's other conversations, keep working.
    for (const { workspaceId, apiKey } of [healthy, poisoned]) {
      const created = await call(t.baseUrl, 'POST', conversations(workspaceId), {
        key: apiKey,
        body: { title: 'after', visibility: 'unlisted', message: message('after the poison') },
      });
      expect(created.status).toBe(200);
      const id: string = created.body.conversation.sId;
      const posted = await call(t.baseUrl, 'POST', `${conversations(workspaceId)}/${id}/messages`, { key: apiKey, body: message('and again') });
      expect(posted.status).toBe(200);
      const read = await call(t.baseUrl, 'GET', `${conversations(workspaceId)}/${id}`, { key: apiKey });
      expect(read.status).toBe(200);
      expect(read.body.conversation.content).toHaveLength(2);
    }

    // The poisoned conversation still reads as it was before the bad event.
    const before = await call(t.baseUrl, 'GET', `${conversations(poisoned.workspaceId)}/${victimId}`, { key: poisoned.apiKey });
    expect(before.status).toBe(200);
    expect(before.body.conversation.content).toHaveLength(1);

    // retry-failed cannot apply it (nothing fixed the projection), so it stays listed.
    const retried = await retryFailedEvents(eventStore, t.app.get<ReadStore>(READ_STORE), ALL_PROJECTIONS);
    expect(retried.stillFailing.map((event) => event.streamName)).toEqual([`conversation-${victimId}`]);
  });
});
