import { officialClient, unwrapResult } from './support/official-client';
import { call, startTestApp, type TestApp } from './support/test-app';

/**
 * What a client asks of a workspace before anything else: whether it exists for its credentials
 * (`exists()`), and which feature flags are on (`getWorkspaceFeatureFlags()`, this deployment's
 * FEATURE_FLAGS), through the official client and over HTTP.
 */
describe('workspace facts', () => {
  let t: TestApp;
  let workspaceId: string;
  let key: string;
  let other: { workspaceId: string; apiKey: string };

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', FEATURE_FLAGS: 'labs_trackers, deepseek_feature,labs_trackers' });
    ({ workspaceId, apiKey: key } = await t.createWorkspace('Main'));
    other = await t.createWorkspace('Other');
  });
  afterAll(() => t.close());

  it('exists(): true for a key of the workspace; the 401 and 404 of any route otherwise', async () => {
    expect(unwrapResult(await officialClient(t.baseUrl, workspaceId, key).exists())).toBe(true);
    const elsewhere = await officialClient(t.baseUrl, workspaceId, other.apiKey).exists();
    expect(elsewhere.isErr()).toBe(true);
    const answers = [
      await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/exists`, { key: other.apiKey }),
      await call(t.baseUrl, 'GET', '/api/v1/w/w_missing/exists', { key }),
      await call(t.baseUrl, 'GET', `/api/v1/w/${workspaceId}/exists`, {}),
    ];
    expect(answers.map((answer) => [answer.status, answer.body.error?.type])).toEqual([
      [401, 'workspace_auth_error'],
      [404, 'workspace_not_found'],
      [401, 'missing_authorization_header_error'],
    ]);
  });

  it("getWorkspaceFeatureFlags(): the deployment's flags, each once, in both families", async () => {
    expect(unwrapResult(await officialClient(t.baseUrl, workspaceId, key).getWorkspaceFeatureFlags())).toEqual(['labs_trackers', 'deepseek_feature']);
    const privateFamily = await call(t.baseUrl, 'GET', `/api/w/${other.workspaceId}/feature_flags`, { key: other.apiKey });
    expect(privateFamily.body).toEqual({ feature_flags: ['labs_trackers', 'deepseek_feature'] });
  });
});
