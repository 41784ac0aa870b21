import { serviceVersion } from '../apps/api/src/common/service-version';
import { call, startTestApp, type TestApp } from './support/test-app';

/** The admins' status route: the facts of /readyz and /metrics as one JSON answer, with what the deployment is configured with. */
describe('GET /api/w/{wId}/status', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', ANTHROPIC_API_KEY: 'sk-ant-test', OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'wcs' });
  });
  afterAll(() => t.close());

  it('answers an admin the version, readiness as /readyz has it, the configured providers, search and sign-in', async () => {
    const { workspaceId, apiKey } = await t.createWorkspace();
    const status = await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/status`, { key: apiKey });
    expect(status.status).toBe(200);
    const ready = await call(t.baseUrl, 'GET', '/readyz');
    expect(status.body).toEqual({
      version: serviceVersion(),
      region: t.config.region,
      readiness: { ...ready.body, projector: { ...ready.body.projector, lagEvents: expect.any(Number) } },
      providers: [{ providerId: 'anthropic', models: t.config.modelCatalog.filter((model) => model.providerId === 'anthropic').length }],
      search: { embeddings: false, lexicalOnlyReason: expect.any(String) },
      signIn: { password: true, oidc: { label: expect.any(String), issuer: 'https://id.example.com' } },
    });
    expect(status.body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('refuses a builder with 403, and a key of another workspace with 401', async () => {
    const { workspaceId } = await t.createWorkspace('Mine');
    const builderKey = await t.createKey(workspaceId, 'builder');
    const refused = await call(t.baseUrl, 'GET', `/api/w/${workspaceId}/status`, { key: builderKey });
    expect(refused.status).toBe(403);
    const other = await t.createWorkspace('Theirs');
    const elsewhere = await call(t.baseUrl, 'GET', `/api/w/${other.workspaceId}/status`, { key: builderKey });
    expect(elsewhere.status).toBe(401);
  });
});
