import { toWorkspaceStreamName } from '@app/domain/workspace/workspace.stream';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { acceptAsNewAccount, invite } from './support/invitations';
import { browserHeaders } from './support/people';
import { call, startTestApp, type TestApp } from './support/test-app';

/** An admin's API keys over HTTP: listed without secrets, created with the secret once, revoked and refused at once. */
describe('API keys over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false' });
  });
  afterAll(() => t.close());

  const keys = (workspaceId: string) => `/api/w/${workspaceId}/keys`;

  it('an admin creates a key, which works at once and is listed by its prefix; revoked, it is refused at once', async () => {
    const { workspaceId, apiKey } = await t.createWorkspace();
    const created = await call(t.baseUrl, 'POST', keys(workspaceId), { key: apiKey, body: { role: 'builder' } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      key: { keyId: expect.stringMatching(/^key_/), prefix: created.body.secret.slice(0, 9), role: 'builder', user: null, createdAt: expect.any(String), lastUsedAt: null },
      secret: expect.stringMatching(/^sk-[0-9a-f]{32}$/),
    });
    const { keyId } = created.body.key;
    const secret: string = created.body.secret;
    expect((await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/spaces`, { key: secret })).status).toBe(200);

    const listed = await call(t.baseUrl, 'GET', keys(workspaceId), { key: apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body.keys.map((key: { keyId: string }) => key.keyId)).toEqual([expect.stringMatching(/^key_/), keyId]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    expect((await call(t.baseUrl, 'DELETE', `${keys(workspaceId)}/${keyId}`, { key: apiKey })).status).toBe(204);
    expect((await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/spaces`, { key: secret })).status).toBe(401);
    expect((await call(t.baseUrl, 'GET', keys(workspaceId), { key: apiKey })).body.keys).toHaveLength(1);
    // Again, or a key of no one: nothing to revoke.
    const again = await call(t.baseUrl, 'DELETE', `${keys(workspaceId)}/${keyId}`, { key: apiKey });
    expect({ status: again.status, type: again.body.error.type }).toEqual({ status: 404, type: 'api_key_not_found' });
  });

  it('a signed-in admin manages keys with the session cookie; a builder is refused, and a bad role is a 400', async () => {
    const { workspaceId, apiKey } = await t.createWorkspace('Sessions');
    const token = await invite(t.baseUrl, workspaceId, { key: apiKey }, 'admin@example.com', 'admin');
    const admin = await acceptAsNewAccount(t.baseUrl, token, 'Ada', 'a long enough password');
    const created = await call(t.baseUrl, 'POST', keys(workspaceId), { headers: browserHeaders(admin), body: { role: 'user' } });
    expect(created.status).toBe(200);
    expect((await call(t.baseUrl, 'GET', keys(workspaceId), { headers: browserHeaders(admin, false) })).body.keys).toHaveLength(2);

    const builderKey = await t.createKey(workspaceId, 'builder');
    for (const [method, path] of [
      ['GET', keys(workspaceId)],
      ['POST', keys(workspaceId)],
      ['DELETE', `${keys(workspaceId)}/${created.body.key.keyId}`],
    ] as const) {
      expect({ method, status: (await call(t.baseUrl, method, path, { key: builderKey, body: method === 'POST' ? { role: 'admin' } : undefined })).status }).toEqual({ method, status: 403 });
    }
    const bad = await call(t.baseUrl, 'POST', keys(workspaceId), { key: apiKey, body: { role: 'owner' } });
    expect(bad.status).toBe(400);
  });

  it('records the signed-in admin who revoked a key as the actor of its revocation', async () => {
    const { workspaceId, apiKey } = await t.createWorkspace('Audit');
    const token = await invite(t.baseUrl, workspaceId, { key: apiKey }, 'auditor@example.com', 'admin');
    const admin = await acceptAsNewAccount(t.baseUrl, token, 'Grace', 'a long enough password');
    const created = await call(t.baseUrl, 'POST', keys(workspaceId), { key: apiKey, body: { role: 'user' } });
    const revoked = await call(t.baseUrl, 'DELETE', `${keys(workspaceId)}/${created.body.key.keyId}`, { headers: browserHeaders(admin) });
    expect(revoked.status).toBe(204);
    const events = await t.app.get<EventStore>(EVENT_STORE).readStream(toWorkspaceStreamName(workspaceId));
    const revocation = events.find((event) => event.type === 'ApiKeyRevoked');
    expect(revocation?.metadata.actor).toBe(admin.userId);
  });
});
