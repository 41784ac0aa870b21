import { officialClient, unwrapResult } from './support/official-client';
import { createSpace as createSpaceAs, startMembershipWorkspace } from './support/spaces';
import { uploadFile } from './support/file-upload-helpers';
import { memberId } from './support/members';
import { call, type TestApp } from './support/test-app';

/**
 * Projects through the official client and over HTTP: an admin creates a project (a space of kind
 * project), conversations are created in it (in no other kind of space), its description is set, and
 * the space's conversation lists and the project's metadata honour its membership: a non-member of a
 * restricted project, and another workspace, get 404 space_not_found.
 */
describe('projects', () => {
  let t: TestApp;
  let workspaceId: string;
  let adminKey: string;
  let annKey: string;
  let bobKey: string;
  let ann: string;
  let other: { workspaceId: string; apiKey: string };
  let projectId: string;
  let openProjectId: string;
  let regularId: string;
  const v1 = () => `/api/v1/w/${workspaceId}`;
  const context = { username: 'ann', timezone: 'UTC' };

  const createSpace = (body: Record<string, unknown>) => createSpaceAs(t.baseUrl, workspaceId, adminKey, body);
  const createConversation = (key: string, body: Record<string, unknown>) =>
    call(t.baseUrl, 'POST', `${v1()}/assistant/conversations`, { key, body });

  beforeAll(async () => {
    ({ t, workspaceId, adminKey, annKey, bobKey, ann, other } = await startMembershipWorkspace());
    const project = await createSpace({ name: 'Launch', isRestricted: true, memberIds: [ann], spaceKind: 'project' });
    expect(project).toMatchObject({ kind: 'project', isRestricted: true });
    projectId = project.sId;
    openProjectId = (await createSpace({ name: 'Open launch', isRestricted: false, spaceKind: 'project' })).sId;
    regularId = (await createSpace({ name: 'Handbook', isRestricted: false })).sId;
  });
  afterAll(() => t.close());

  it('lists a project among the spaces, and refuses a kind that cannot be created', async () => {
    const spaces = unwrapResult(await officialClient(t.baseUrl, workspaceId, annKey).getSpaces());
    expect(spaces.find((s) => s.sId === projectId)?.kind).toBe('project');
    const bad = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: adminKey, body: { name: 'X', isRestricted: false, spaceKind: 'global' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.type).toBe('invalid_request_error');
    const byUser = await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: annKey, body: { name: 'Mine', isRestricted: false, spaceKind: 'project' } });
    expect(byUser.status).toBe(403);
  });

  it('creates a conversation in a project, and only in a project the caller can see', async () => {
    const created = await createConversation(annKey, { title: 'Kick-off', spaceId: projectId, message: { content: 'Plan', mentions: [], context } });
    expect(created.status).toBe(200);
    expect(created.body.conversation.spaceId).toBe(projectId);

    const inRegular = await createConversation(annKey, { spaceId: regularId });
    expect(inRegular.status).toBe(400);
    expect(inRegular.body.error).toMatchObject({ type: 'invalid_request_error', message: 'Conversations can only be created in project spaces.' });
    const spaces = unwrapResult(await officialClient(t.baseUrl, workspaceId, adminKey).getSpaces());
    const global = spaces.find((s) => s.kind === 'global');
    expect((await createConversation(adminKey, { spaceId: global?.sId })).status).toBe(400);

    const byNonMember = await createConversation(bobKey, { spaceId: projectId });
    expect(byNonMember.status).toBe(404);
    expect(byNonMember.body.error.type).toBe('space_not_found');
    const foreign = await call(t.baseUrl, 'POST', `/api/v1/w/${other.workspaceId}/assistant/conversations`, { key: other.apiKey, body: { spaceId: projectId } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.type).toBe('space_not_found');
  });

  it("lists a space's conversation ids and its conversations for a sync, through the official client", async () => {
    const first = await createConversation(annKey, { title: 'Budget', spaceId: projectId, message: { content: 'How much?', mentions: [], context } });
    const second = await createConversation(adminKey, { title: 'Gone', spaceId: projectId });
    const outside = await createConversation(annKey, { title: 'Elsewhere' });
    const firstId: string = first.body.conversation.sId;
    const secondId: string = second.body.conversation.sId;
    const deleted = await call(t.baseUrl, 'DELETE', `/api/w/${workspaceId}/assistant/conversations/${secondId}`, { key: adminKey });
    expect(deleted.status).toBe(200);

    const client = officialClient(t.baseUrl, workspaceId, annKey);
    const ids = unwrapResult(await client.getSpaceConversationIds({ spaceId: projectId })).conversationIds;
    expect(ids).toContain(firstId);
    expect(ids).not.toContain(secondId);
    expect(ids).not.toContain(outside.body.conversation.sId);

    const synced = unwrapResult(await client.getSpaceConversationsForDataSource({ spaceId: projectId })).conversations;
    const budget = synced.find((c) => c.sId === firstId);
    expect(budget).toMatchObject({ title: 'Budget', visibility: 'unlisted' });
    expect(budget?.url).toContain(firstId);
    expect(budget?.content).toEqual([
      expect.objectContaining({ type: 'user_message', content: 'How much?', user: expect.objectContaining({ sId: ann }), contentFragments: [] }),
    ]);
    expect(synced.find((c) => c.sId === secondId)).toMatchObject({ visibility: 'deleted', content: [] });
    expect(synced.some((c) => c.sId === outside.body.conversation.sId)).toBe(false);

    const later = unwrapResult(await client.getSpaceConversationsForDataSource({ spaceId: projectId, updatedSince: Date.now() + 60_000 }));
    expect(later.conversations).toEqual([]);
    const bad = await call(t.baseUrl, 'GET', `${v1()}/spaces/${projectId}/conversations?updatedSince=soon`, { key: annKey });
    expect(bad.status).toBe(400);
  });

  it("reads and sets a project's metadata; its members are mentions", async () => {
    const client = officialClient(t.baseUrl, workspaceId, annKey);
    const before = unwrapResult(await client.getSpaceMetadata({ spaceId: projectId })).metadata;
    expect(before).toMatchObject({ spaceId: projectId, description: null, members: [`:mention_user[ann.lee]{sId=${ann}}`] });
    expect(before?.sId).toMatch(/^pmd_/);

    const patched = await call(t.baseUrl, 'PATCH', `/api/w/${workspaceId}/spaces/${projectId}/project_metadata`, {
      key: annKey,
      body: { description: 'The autumn launch' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.projectMetadata).toMatchObject({ sId: before?.sId, description: 'The autumn launch' });
    const after = unwrapResult(await client.getSpaceMetadata({ spaceId: projectId })).metadata;
    expect(after?.description).toBe('The autumn launch');
    expect(after?.updatedAt).toBeGreaterThanOrEqual(before?.updatedAt ?? 0);

    const byOutsider = await call(t.baseUrl, 'PATCH', `/api/w/${workspaceId}/spaces/${openProjectId}/project_metadata`, { key: bobKey, body: { description: 'x' } });
    expect(byOutsider.status).toBe(403);
    expect(byOutsider.body.error.type).toBe('workspace_auth_error');
    const tooLong = await call(t.baseUrl, 'PATCH', `/api/w/${workspaceId}/spaces/${projectId}/project_metadata`, { key: adminKey, body: { description: 7 } });
    expect(tooLong.status).toBe(400);
    const notProject = await call(t.baseUrl, 'GET', `${v1()}/spaces/${regularId}/project_metadata`, { key: adminKey });
    expect(notProject.status).toBe(400);
    expect(notProject.body.error.type).toBe('invalid_request_error');
    const open = unwrapResult(await officialClient(t.baseUrl, workspaceId, bobKey).getSpaceMetadata({ spaceId: openProjectId })).metadata;
    expect(open).toMatchObject({ description: null, members: [] });
  });

  it("lists a project's files through the official client, by path with their folders; only its members read them", async () => {
    const upload = (name: string, bytes: string, projectId_ = projectId) => uploadFile(t.baseUrl, annKey, workspaceId, { name, type: 'text/plain', bytes, projectId: projectId_ });
    const plan = await upload('plan.txt', 'The plan.');
    const before = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const q3 = await upload('reports/q3.txt', 'Third quarter.');
    expect([plan.status, q3.status]).toEqual([200, 200]);
    const client = officialClient(t.baseUrl, workspaceId, annKey);
    const listed = unwrapResult(await client.getSpaceProjectFiles({ spaceId: projectId }));
    expect(listed.files).toEqual([
      { isDirectory: false, fileName: 'plan.txt', path: '/plan.txt', sizeBytes: 9, lastModifiedMs: expect.any(Number), contentType: 'text/plain', fileId: plan.fileId, thumbnailUrl: null, signedDownloadUrl: expect.stringContaining(`/files/${plan.fileId}`) },
      { isDirectory: true, fileName: 'reports', path: '/reports', sizeBytes: 14, lastModifiedMs: expect.any(Number) },
      expect.objectContaining({ isDirectory: false, fileName: 'q3.txt', path: '/reports/q3.txt', fileId: q3.fileId }),
    ]);
    const since = unwrapResult(await client.getSpaceProjectFiles({ spaceId: projectId, updatedSince: before }));
    expect(since.files.map((f) => f.path)).toEqual(['/reports', '/reports/q3.txt']);

    // Bob is no member: the project, its files and their listing are unknown to him.
    expect((await call(t.baseUrl, 'GET', `${v1()}/spaces/${projectId}/project_files`, { key: bobKey })).body.error.type).toBe('space_not_found');
    expect((await call(t.baseUrl, 'GET', `${v1()}/files/${plan.fileId}`, { key: bobKey })).status).toBe(404);
    expect((await uploadFile(t.baseUrl, bobKey, workspaceId, { name: 'x.txt', type: 'text/plain', bytes: 'x', projectId })).body.error.type).toBe('space_not_found');
    // Only a project holds project files.
    const regular = await call(t.baseUrl, 'GET', `${v1()}/spaces/${regularId}/project_files`, { key: adminKey });
    expect([regular.status, regular.body.error.type]).toEqual([400, 'invalid_request_error']);
    expect((await upload('y.txt', 'y', regularId)).status).toBe(400);
    const withoutSpace = await call(t.baseUrl, 'POST', `${v1()}/files`, { key: annKey, body: { contentType: 'text/plain', fileName: 'z.txt', fileSize: 1, useCase: 'project_context' } });
    expect([withoutSpace.status, withoutSpace.body.error.type]).toEqual([400, 'invalid_request_error']);
  });

  it('moves a conversation into a project the caller can see, as the real service does with PATCH {spaceId}', async () => {
    const move = (key: string, cId: string, spaceId: string) =>
      call(t.baseUrl, 'PATCH', `/api/w/${workspaceId}/assistant/conversations/${cId}`, { key, body: { spaceId } });
    const loose = (await createConversation(annKey, { title: 'Loose', message: { content: 'Hi', mentions: [], context } })).body.conversation.sId;
    expect((await move(annKey, loose, projectId)).body).toEqual({ success: true });
    expect((await call(t.baseUrl, 'GET', `${v1()}/assistant/conversations/${loose}`, { key: annKey })).body.conversation.spaceId).toBe(projectId);
    expect(unwrapResult(await officialClient(t.baseUrl, workspaceId, annKey).getSpaceConversationIds({ spaceId: projectId })).conversationIds).toContain(loose);
    expect((await move(annKey, loose, projectId)).status).toBe(200);

    const bobs = (await createConversation(bobKey, { title: 'Bob', message: { content: 'Hi', mentions: [], context } })).body.conversation.sId;
    const hidden = await move(bobKey, bobs, projectId);
    expect([hidden.status, hidden.body.error.type]).toEqual([404, 'space_not_found']);
    const regular = await move(bobKey, bobs, regularId);
    expect([regular.status, regular.body.error.type]).toEqual([400, 'invalid_request_error']);
    const both = await call(t.baseUrl, 'PATCH', `/api/w/${workspaceId}/assistant/conversations/${bobs}`, { key: bobKey, body: { spaceId: openProjectId, title: 'x' } });
    expect(both.status).toBe(400);
    expect((await move(bobKey, bobs, openProjectId)).status).toBe(200);
  });

  it("lets an admin add and remove a project's members; what the project holds follows, at once", async () => {
    const project = (await createSpace({ name: 'Members come and go', isRestricted: true, memberIds: [ann], spaceKind: 'project' })).sId;
    const bob = await memberId(t.baseUrl, workspaceId, bobKey);
    const setMembers = (key: string, memberIds: string[], spaceId = project) =>
      call(t.baseUrl, 'PATCH', `/api/w/${workspaceId}/spaces/${spaceId}/members`, { key, body: { isRestricted: true, memberIds } });
    const bobReads = async () => (await call(t.baseUrl, 'GET', `${v1()}/spaces/${project}/conversation_ids`, { key: bobKey })).status;
    expect(await bobReads()).toBe(404);

    const added = await setMembers(adminKey, [ann, bob]);
    expect(added.status).toBe(200);
    expect(added.body.space).toMatchObject({ sId: project, kind: 'project', isRestricted: true });
    expect(await bobReads()).toBe(200);
    const metadata = unwrapResult(await officialClient(t.baseUrl, workspaceId, bobKey).getSpaceMetadata({ spaceId: project }));
    expect(metadata.metadata?.members).toEqual([`:mention_user[ann.lee]{sId=${ann}}`, `:mention_user[bob.hill]{sId=${bob}}`]);
    expect((await createConversation(bobKey, { title: 'Mine now', spaceId: project, message: { content: 'Hi', mentions: [], context } })).status).toBe(200);

    expect((await setMembers(adminKey, [ann])).status).toBe(200);
    expect(await bobReads()).toBe(404);

    const byUser = await setMembers(annKey, [ann, bob]);
    expect([byUser.status, byUser.body.error.type]).toEqual([403, 'workspace_auth_error']);
    const unknown = await setMembers(adminKey, ['nobody0001']);
    expect([unknown.status, unknown.body.error.type]).toEqual([400, 'invalid_request_error']);
    const bad = await call(t.baseUrl, 'PATCH', `/api/w/${workspaceId}/spaces/${project}/members`, { key: adminKey, body: { memberIds: [ann] } });
    expect([bad.status, bad.body.error.type]).toEqual([400, 'invalid_request_error']);
    const globalSpace = (await call(t.baseUrl, 'GET', `${v1()}/spaces`, { key: adminKey })).body.spaces.find((s: any) => s.kind === 'global').sId;
    expect((await setMembers(adminKey, [ann], globalSpace)).status).toBe(400);
  });

  it("answers 404 space_not_found to a non-member of a restricted project and to another workspace's caller", async () => {
    for (const path of ['conversation_ids', 'conversations', 'project_metadata']) {
      const nonMember = await call(t.baseUrl, 'GET', `${v1()}/spaces/${projectId}/${path}`, { key: bobKey });
      expect([path, nonMember.status, nonMember.body.error?.type]).toEqual([path, 404, 'space_not_found']);
      const foreign = await call(t.baseUrl, 'GET', `/api/v1/w/${other.workspaceId}/spaces/${projectId}/${path}`, { key: other.apiKey });
      expect([path, foreign.status]).toEqual([path, 404]);
      const admin = await call(t.baseUrl, 'GET', `${v1()}/spaces/${projectId}/${path}`, { key: adminKey });
      expect([path, admin.status]).toEqual([path, 200]);
    }
    const patch = await call(t.baseUrl, 'PATCH', `/api/w/${workspaceId}/spaces/${projectId}/project_metadata`, { key: bobKey, body: { description: 'x' } });
    expect(patch.status).toBe(404);
    const result = await officialClient(t.baseUrl, workspaceId, bobKey).getSpaceConversationIds({ spaceId: projectId });
    expect(result.isErr()).toBe(true);
  });
});
