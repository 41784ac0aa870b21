import { startTestApp, type TestApp } from './test-app';

export { assistant } from './agent-assistant-body';

/** One workspace and a key for each kind of caller the permission checks tell apart. */
export interface ConfigurationWorkspace {
  readonly t: TestApp;
  readonly wId: string;
  readonly adminKey: string;
  /** Builder bound to ada. */
  readonly adaKey: string;
  /** Builder bound to bob. */
  readonly bobKey: string;
  /** User bound to carl. */
  readonly userKey: string;
  /** User bound to no one. */
  readonly anonUserKey: string;
}

/** Starts an app with one workspace and its keys. */
export async function startConfigurationWorkspace(): Promise<ConfigurationWorkspace> {
  // No runner: nothing here needs an answer, and the key is not a real one.
  const t = await startTestApp({ OPENAI_API_KEY: 'sk-test', AGENT_RUNNER_ENABLED: 'false' });
  const { workspaceId: wId, apiKey: adminKey } = await t.createWorkspace('Acme');
  const adaKey = await t.createKey(wId, 'builder', 'ada@example.com');
  const bobKey = await t.createKey(wId, 'builder', 'bob@example.com');
  const userKey = await t.createKey(wId, 'user', 'carl@example.com');
  const anonUserKey = await t.createKey(wId, 'user');
  return { t, wId, adminKey, adaKey, bobKey, userKey, anonUserKey };
}
