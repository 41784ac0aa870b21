import { memberId } from './members';
import { call, startTestApp, type TestApp } from './test-app';

/** A space created by an admin's key (`POST /api/w/{wId}/spaces`); throws with the answer when refused. */
export async function createSpace(baseUrl: string, workspaceId: string, adminKey: string, body: Record<string, unknown>): Promise<{ sId: string; kind: string; isRestricted: boolean }> {
  const res = await call(baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: adminKey, body });
  if (res.status !== 200) throw new Error(`create space: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.space as { sId: string; kind: string; isRestricted: boolean };
}

/** A workspace to test space membership in: its admin's key, two user-role members (Ann, Bob), and another workspace. */
export interface MembershipWorkspace {
  readonly t: TestApp;
  readonly workspaceId: string;
  readonly adminKey: string;
  readonly annKey: string;
  readonly bobKey: string;
  /** Ann's user sId, for a space's memberIds. */
  readonly ann: string;
  readonly other: { readonly workspaceId: string; readonly apiKey: string };
}

/** Starts the app with a workspace, Ann and Bob in it (each posted once, so each is a member with an sId), and another workspace. */
export async function startMembershipWorkspace(): Promise<MembershipWorkspace> {
  const t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', OPENAI_API_KEY: 'sk-test' });
  const { workspaceId, apiKey: adminKey } = await t.createWorkspace('Main');
  const other = await t.createWorkspace('Other');
  const annKey = await t.createKey(workspaceId, 'user', 'ann.lee@example.com');
  const bobKey = await t.createKey(workspaceId, 'user', 'bob.hill@example.com');
  const ann = await memberId(t.baseUrl, workspaceId, annKey);
  await memberId(t.baseUrl, workspaceId, bobKey);
  return { t, workspaceId, adminKey, annKey, bobKey, ann, other };
}
