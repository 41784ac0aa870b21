import { createSpace, startMembershipWorkspace, type MembershipWorkspace } from './support/spaces';
import { call } from './support/test-app';

/**
 * A space's page reads `GET /api/w/{wId}/spaces/{spaceId}`: the space with a restricted space's
 * members (an open one lists none: it is everyone's), refused as space_not_found to whoever cannot
 * see it and to another workspace.
 */
describe('a space with its members', () => {
  let w: MembershipWorkspace;
  let restrictedId: string;
  let openId: string;

  const getSpace = (key: string, spaceId: string, wId = w.workspaceId) => call(w.t.baseUrl, 'GET', `/api/w/${wId}/spaces/${spaceId}`, { key });

  beforeAll(async () => {
    w = await startMembershipWorkspace();
    restrictedId = (await createSpace(w.t.baseUrl, w.workspaceId, w.adminKey, { name: 'Finance', isRestricted: true, memberIds: [w.ann] })).sId;
    openId = (await createSpace(w.t.baseUrl, w.workspaceId, w.adminKey, { name: 'Handbook', isRestricted: false })).sId;
  });
  afterAll(() => w.t.close());

  it('answers a restricted space with its members, to its members and admins', async () => {
    for (const key of [w.adminKey, w.annKey]) {
      const res = await getSpace(key, restrictedId);
      expect(res.status).toBe(200);
      expect(res.body.space).toMatchObject({ sId: restrictedId, name: 'Finance', kind: 'regular', isRestricted: true });
      expect(res.body.space.members).toEqual([{ sId: w.ann, fullName: expect.any(String), email: 'ann.lee@example.com' }]);
    }
  });

  it('answers an open space with no member list, to anyone of the workspace', async () => {
    const res = await getSpace(w.bobKey, openId);
    expect(res.status).toBe(200);
    expect(res.body.space).toMatchObject({ sId: openId, isRestricted: false, members: [] });
  });

  it('refuses a non-member, another workspace and an unknown space with space_not_found', async () => {
    for (const res of [await getSpace(w.bobKey, restrictedId), await getSpace(w.other.apiKey, openId, w.other.workspaceId), await getSpace(w.adminKey, 'vlt_unknown')]) {
      expect(res.status).toBe(404);
      expect(res.body.error.type).toBe('space_not_found');
    }
  });
});
