import { call } from './test-app';

/** A space created by an admin's key (`POST /api/w/{wId}/spaces`); throws with the answer when refused. */
export async function createSpace(baseUrl: string, workspaceId: string, adminKey: string, body: Record<string, unknown>): Promise<{ sId: string; kind: string; isRestricted: boolean }> {
  const res = await call(baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: adminKey, body });
  if (res.status !== 200) throw new Error(`create space: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.space as { sId: string; kind: string; isRestricted: boolean };
}
