import { createSpace, startMembershipWorkspace } from './support/spaces';
import { call, type TestApp } from './support/test-app';

/**
 * A space's page reads `GET /api/w/{wId}/spaces/{spaceId}`: the space with a restricted space's
 * members (an open one lists none: it is everyone's), refused as space_not_found to whoever cannot
 * see it and to another workspace.
 */
describe('a space with its members', () => {
  let t: TestApp;
  let workspaceId: string;
  let adminKey: string;
  let annKey: string;
  let bobKey: string;
  let ann: string;
  let restrictedId: string;
  let openId: string;
  let other: { workspaceId: string; apiKey: string };

  const createSpaceId = async (body: Record<string, unknown>): Promise<string> => (await createSpace(t.baseUrl, workspaceId, adminKey, body)).sId;
  const getSpace = (key: string, spaceId: string, wId = workspaceId) => call(t.baseUrl, 'GET', `/api/w/${wId}/spaces/${spaceId}`, { key });

  beforeAll(async () => {
    ({ t, workspaceId, adminKey, annKey, bobKey, ann, other } = await startMembershipWorkspace());
    restrictedId = await createSpaceId({ name: 'Finance', isRestricted: true, memberIds: [ann] });
    openId = await createSpaceId({ name: 'Handbook', isRestricted: false });
  });
  afterAll(() => t.close());

  it("answers a restricted space with its members, to its members and admins", async () => {
    for (const key of [adminKey, annKey]) {
      const res = await getSpace(key, restrictedId);
      expect(res.status).toBe(200);
      expect(res.body.space).toMatchObject({ sId: restrictedId, name: 'Finance', kind: 'regular', isRestricted: true });
      expect(res.body.space.members).toEqual([{ sId: ann, fullName: expect.any(String), email: 'ann.lee@example.com' }]);
    }
  });

  it('answers an open space with no member list, to anyone of the workspace', async () => {
    const res = await getSpace(bobKey, openId);
    expect(res.status).toBe(200);
    expect(res.body.space).toMatchObject({ sId: openId, isRestricted: false, members: [] });
  });

  it('refuses a non-member, another workspace and an unknown space with space_not_found', async () => {
    for (const res of [await getSpace(bobKey, restrictedId), await getSpace(other.apiKey, openId, other.workspaceId), await getSpace(adminKey, 'vlt_unknown')]) {
      expect(res.status).toBe(404);
      expect(res.body.error.type).toBe('space_not_found');
    }
  });
});
