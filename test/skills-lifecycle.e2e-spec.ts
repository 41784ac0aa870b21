import { importSkills, skillMd, zipOf } from './support/skill-uploads';
import { call, startTestApp, type TestApp } from './support/test-app';

/**
 * Skills over HTTP without runs: create, change (each change a version), archive, restore, the
 * status filter, who may write, imports with each onConflict, and hostile uploads (all 4xx).
 */

jest.setTimeout(60_000);

describe('skills: lifecycle, rights, imports and hostile uploads', () => {
  let t: TestApp;
  let workspaceId: string;
  let admin: string;
  let builder: string;
  let member: string;
  let other: { workspaceId: string; apiKey: string };

  const v1 = (suffix: string) => `/api/v1/w/${workspaceId}${suffix}`;
  const w = (suffix: string) => `/api/w/${workspaceId}${suffix}`;
  const body = (name: string, extra: Record<string, unknown> = {}) => ({ name, agentFacingDescription: `Use for ${name}.`, instructions: `Do ${name}.`, ...extra });
  const listed = async (status?: string, key = admin) =>
    (await call(t.baseUrl, 'GET', v1(`/skills${status ? `?status=${status}` : ''}`), { key })).body.skillConfigurations.map((skill: any) => skill.name);

  beforeAll(async () => {
    t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', OPENAI_API_KEY: 'sk-test' });
    ({ workspaceId, apiKey: admin } = await t.createWorkspace('Main'));
    builder = await t.createKey(workspaceId, 'builder', 'bea.builder@example.com');
    member = await t.createKey(workspaceId, 'user', 'max.member@example.com');
    other = await t.createWorkspace('Other');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, versions, archives and restores a skill; lists it by status', async () => {
    const created = await call(t.baseUrl, 'POST', v1('/skills'), { key: admin, body: body('triage', { userFacingDescription: 'Triage', icon: 'bug' }) });
    expect(created.status).toBe(200);
    const skill = created.body.skillConfiguration;
    expect(skill).toMatchObject({ name: 'triage', version: 1, status: 'active', icon: 'bug', tools: [], fileAttachments: [], canWrite: true });

    const same = await call(t.baseUrl, 'PATCH', v1(`/skills/${skill.sId}`), { key: admin, body: { instructions: 'Do triage.' } });
    expect(same.body.skillConfiguration.version).toBe(1);
    const changed = await call(t.baseUrl, 'PATCH', w(`/skills/${skill.sId}`), { key: admin, body: { instructions: 'Label, then assign.' } });
    expect(changed.body.skillConfiguration).toMatchObject({ version: 2, instructions: 'Label, then assign.', name: 'triage' });
    const history = await call(t.baseUrl, 'GET', v1(`/skills/${skill.sId}/history`), { key: admin });
    expect(history.body.history.map((entry: any) => [entry.version, entry.skillConfiguration.instructions])).toEqual([
      [2, 'Label, then assign.'],
      [1, 'Do triage.'],
    ]);

    expect(await listed()).toEqual(['triage']);
    const archived = await call(t.baseUrl, 'DELETE', v1(`/skills/${skill.sId}`), { key: admin });
    expect(archived.body.skillConfiguration.status).toBe('archived');
    expect(await listed('active')).toEqual([]);
    expect(await listed('archived')).toEqual(['triage']);
    const refused = await call(t.baseUrl, 'PATCH', v1(`/skills/${skill.sId}`), { key: admin, body: { instructions: 'x' } });
    expect([refused.status, refused.body.error.type]).toEqual([400, 'invalid_request_error']);
    const restored = await call(t.baseUrl, 'POST', v1(`/skills/${skill.sId}/restore`), { key: admin });
    expect(restored.body.skillConfiguration).toMatchObject({ status: 'active', version: 2 });

    const suggested = await call(t.baseUrl, 'POST', v1('/skills'), { key: admin, body: body('drafting', { status: 'suggested' }) });
    expect(suggested.body.skillConfiguration.status).toBe('suggested');
    expect(await listed('suggested')).toEqual(['drafting']);
  });

  it('keeps names unique among live skills, whatever their case', async () => {
    const taken = await call(t.baseUrl, 'POST', v1('/skills'), { key: admin, body: body('TRIAGE') });
    expect([taken.status, taken.body.error.type]).toEqual([400, 'invalid_request_error']);
    expect(taken.body.error.message).toContain('already exists');
  });

  it('lets admins and builders create, and only admins and editors change', async () => {
    const byBuilder = await call(t.baseUrl, 'POST', v1('/skills'), { key: builder, body: body('builder-skill') });
    expect(byBuilder.status).toBe(200);
    const sId = byBuilder.body.skillConfiguration.sId;
    expect(byBuilder.body.skillConfiguration.editorIds).toHaveLength(1);
    expect((await call(t.baseUrl, 'POST', v1('/skills'), { key: member, body: body('member-skill') })).status).toBe(403);

    const read = await call(t.baseUrl, 'GET', v1(`/skills/${sId}`), { key: member });
    expect(read.body.skillConfiguration.canWrite).toBe(false);
    for (const [method, path] of [
      ['PATCH', `/skills/${sId}`],
      ['DELETE', `/skills/${sId}`],
      ['POST', `/skills/${sId}/restore`],
    ] as const) {
      const refused = await call(t.baseUrl, method, v1(path), { key: member, body: method === 'PATCH' ? { instructions: 'Mine now.' } : undefined });
      expect({ path, status: refused.status, type: refused.body.error.type }).toEqual({ path, status: 403, type: 'workspace_auth_error' });
    }
    expect((await call(t.baseUrl, 'PATCH', v1(`/skills/${sId}`), { key: builder, body: { instructions: 'Still mine.' } })).status).toBe(200);
    expect((await call(t.baseUrl, 'PATCH', v1(`/skills/${sId}`), { key: admin, body: { instructions: 'Admins too.' } })).status).toBe(200);
  });

  it('answers 404 for a skill of another workspace, and 400 for bad bodies and queries', async () => {
    const [skill] = (await call(t.baseUrl, 'GET', v1('/skills'), { key: admin })).body.skillConfigurations;
    const foreign = await call(t.baseUrl, 'GET', `/api/v1/w/${other.workspaceId}/skills/${skill.sId}`, { key: other.apiKey });
    expect([foreign.status, foreign.body.error.type]).toEqual([404, 'skill_not_found']);
    expect((await call(t.baseUrl, 'DELETE', `/api/v1/w/${other.workspaceId}/skills/${skill.sId}`, { key: other.apiKey })).status).toBe(404);
    expect((await call(t.baseUrl, 'GET', v1('/skills/skl_unknown000'), { key: admin })).status).toBe(404);
    const bodies = [
      {},
      { name: 'x' },
      body('y', { tools: [{ mcpServerViewId: 'msv_missing' }] }),
      body('z', { fileIds: ['fil_missing'] }),
      body('q', { unknown: 1 }),
      body('n'.repeat(65)),
      body('t', { tools: ['msv_x'] }),
      body('u', { tools: [{ mcpServerViewId: 5 }] }),
      body('e', { editorIds: ['Us3rUnknown'] }),
      body('s', { requestedSpaceIds: ['vlt_unknown'] }),
      body('d', { dataSourceViewIds: ['dsv_unknown'] }),
      body('i', { instructions: 'i'.repeat(64_001) }),
      body('st', { status: 'archived' }),
    ];
    for (const bad of bodies) {
      const refused = await call(t.baseUrl, 'POST', v1('/skills'), { key: admin, body: bad });
      expect({ bad, status: refused.status }).toEqual({ bad, status: 400 });
    }
    expect((await call(t.baseUrl, 'GET', v1('/skills?status=deleted'), { key: admin })).status).toBe(400);
  });

  it('imports a lone SKILL.md, then refuses, skips or overrides a skill of the same name', async () => {
    const upload = (instructions: string) => ({ bytes: skillMd('release-notes', 'Release notes.', instructions), name: 'SKILL.md', type: 'text/markdown' });
    const first = await importSkills(t.baseUrl, admin, workspaceId, upload('First.'));
    expect(first.body.imported.map((skill: any) => [skill.name, skill.version])).toEqual([['release-notes', 1]]);
    const skillId = first.body.imported[0].sId;

    const refused = await importSkills(t.baseUrl, admin, workspaceId, upload('Second.'));
    expect([refused.status, refused.body.error.type]).toEqual([400, 'invalid_request_error']);
    expect(refused.body.error.message).toContain('onConflict');
    const skipped = await importSkills(t.baseUrl, admin, workspaceId, upload('Second.'), 'skip', 'private');
    expect(skipped.body).toEqual({ imported: [], updated: [], skipped: [{ name: 'release-notes', message: expect.stringContaining('already exists'), skillId }] });
    expect((await call(t.baseUrl, 'GET', v1(`/skills/${skillId}`), { key: admin })).body.skillConfiguration.instructions).toBe('First.');
    const overridden = await importSkills(t.baseUrl, admin, workspaceId, upload('Second.'), 'override');
    expect(overridden.body.imported).toEqual([]);
    expect(overridden.body.updated).toEqual([expect.objectContaining({ sId: skillId, instructions: 'Second.', version: 2 })]);
    expect((await importSkills(t.baseUrl, admin, workspaceId, upload('Third.'), 'merge')).status).toBe(400);
    expect((await importSkills(t.baseUrl, member, workspaceId, upload('Third.'), 'override')).status).toBe(403);
  });

  it('imports every skill of a zip, or none when one of them conflicts', async () => {
    const zip = await zipOf({ 'a/SKILL.md': skillMd('alpha', 'A.', 'Do A.'), 'b/SKILL.md': skillMd('release-notes', 'B.', 'Do B.') });
    expect((await importSkills(t.baseUrl, admin, workspaceId, { bytes: zip, name: 's.zip', type: 'application/zip' })).status).toBe(400);
    expect(await listed()).not.toContain('alpha');
    const both = await importSkills(t.baseUrl, admin, workspaceId, { bytes: zip, name: 's.zip', type: 'application/zip' }, 'skip');
    expect(both.body.imported.map((skill: any) => skill.name)).toEqual(['alpha']);
    expect(both.body.skipped.map((skill: any) => skill.name)).toEqual(['release-notes']);
  });

  it.each([
    ['a SKILL.md past 256 KiB', async () => ({ bytes: skillMd('huge', 'Huge.', 'x'.repeat(300 * 1024)), name: 'SKILL.md', type: 'text/markdown' })],
    ['a SKILL.md without front matter', async () => ({ bytes: '# Just a title\nNo front matter.', name: 'SKILL.md', type: 'text/markdown' })],
    ['a SKILL.md with broken front matter', async () => ({ bytes: '---\nname: "unclosed\ndescription: x\n---\nBody', name: 'SKILL.md', type: 'text/markdown' })],
    ['a SKILL.md without a description', async () => ({ bytes: '---\nname: lonely\n---\nBody', name: 'SKILL.md', type: 'text/markdown' })],
    ['bytes that are not text', async () => ({ bytes: Buffer.from([0xff, 0xfe, 0xfd, 0x00, 0x80]), name: 'SKILL.md', type: 'application/octet-stream' })],
    ['a zip entry leaving the archive', async () => ({ bytes: await zipOf({ '../../etc/SKILL.md': skillMd('evil', 'E.', 'E.') }), name: 'x.zip', type: 'application/zip' })],
    ['a zip with a link', async () => ({ bytes: await zipOf({ 'l/SKILL.md': skillMd('linked', 'L.', 'L.'), 'l/passwd': '/etc/passwd' }, { permissions: { 'l/passwd': 0o120777 } }), name: 'x.zip', type: 'application/zip' })],
    ['a zip bomb', async () => ({ bytes: await zipOf({ 'b/SKILL.md': skillMd('bomb', 'B.', 'B.'), 'b/bomb.txt': Buffer.alloc(16 * 1024 * 1024, 0x41) }), name: 'x.zip', type: 'application/zip' })],
    ['a zip holding a binary file', async () => ({ bytes: await zipOf({ 'p/SKILL.md': skillMd('picture', 'P.', 'P.'), 'p/a.bin': Buffer.from([0xff, 0xd8, 0xff, 0x00]) }), name: 'x.zip', type: 'application/zip' })],
    ['a truncated zip', async () => ({ bytes: (await zipOf({ 't/SKILL.md': skillMd('cut', 'C.', 'C.') })).subarray(0, 40), name: 'x.zip', type: 'application/zip' })],
    ['a zip without SKILL.md', async () => ({ bytes: await zipOf({ 'README.md': 'hello' }), name: 'x.zip', type: 'application/zip' })],
  ])('refuses %s with a 400 and writes nothing', async (_, upload) => {
    const before = await listed();
    const refused = await importSkills(t.baseUrl, admin, workspaceId, await upload());
    expect({ status: refused.status, type: refused.body.error?.type }).toEqual({ status: 400, type: 'invalid_request_error' });
    expect(await listed()).toEqual(before);
  });

  it('refuses an upload past 10 MiB with a 413, and a body that is not multipart with a 400', async () => {
    const big = await importSkills(t.baseUrl, admin, workspaceId, { bytes: Buffer.alloc(11 * 1024 * 1024, 0x61), name: 'SKILL.md', type: 'text/markdown' });
    expect([big.status, big.body.error?.type]).toEqual([413, 'content_too_large']);
    const json = await call(t.baseUrl, 'POST', v1('/skills/import'), { key: admin, body: { name: 'x' } });
    expect(json.status).toBe(400);
  });
});
