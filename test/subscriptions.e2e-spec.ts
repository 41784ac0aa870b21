import { randomBytes } from 'node:crypto';
import { call, startTestApp, type TestApp } from './support/test-app';

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
