import type { AuditEntryDocument, AuditKind } from '@app/contracts/read-models/audit.read-models';
import { ProjectionProgress } from '@app/projections';
import { SqliteReadStore } from '@app/storage';
import { loadApiConfig } from '../config/api-config';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { AuditTrail, type AuditFilters } from './audit-trail';

const W = 'W0rkspace1';
const NONE: AuditFilters = { actor: null, kind: null, from: null, to: null };

describe('the audit trail reader', () => {
  let store: SqliteReadStore;
  let trail: AuditTrail;
  let readModels: ReadModels;

  async function put(id: string, doc: AuditEntryDocument): Promise<void> {
    await store.put(await readModels.collection('auditEntries'), id, doc);
  }
  const entry = (position: number, kind: AuditKind, actorId: string, scope: AuditEntryDocument['scope'] = `workspace:${W}`): AuditEntryDocument => ({
    scope,
    position,
    at: 1000 + position,
    kind,
    actorId,
    details: {},
  });

  beforeEach(async () => {
    store = new SqliteReadStore({ path: ':memory:' });
    readModels = new ReadModels(store, loadApiConfig({}), new ProjectionProgress());
    await store.ensureCollection({ name: await readModels.collection('auditEntries'), indexes: ['scope', 'kind', 'actorId'] });
    await store.ensureCollection({ name: await readModels.collection('users'), indexes: ['workspaceId'] });
    await store.put(await readModels.collection('users'), `${W}:ada`, { sId: 'ada', workspaceId: W });
    for (let position = 1; position <= 20; position += 1) await put(String(position), entry(position, position % 2 === 0 ? 'api_key.created' : 'member.role_changed', position % 3 === 0 ? 'k1' : 'k2'));
    // A member's sign-in belongs to the trail; a stranger's and another workspace's do not.
    await put('21', entry(21, 'sign_in', 'ada', 'user:ada'));
    await put('22', entry(22, 'sign_in', 'eve', 'user:eve'));
    await put('23', entry(23, 'api_key.created', 'k9', 'workspace:Other00001'));
    trail = new AuditTrail(readModels);
  });
  afterEach(() => store.close());

  const positions = (page: { entries: { position: number }[] }) => page.entries.map((e) => e.position);

  it("reads the workspace's entries and its members' account entries, never others'", async () => {
    const page = await trail.page(W, NONE, 0, 100);
    expect(positions(page)).toEqual([...Array.from({ length: 20 }, (_, i) => i + 1), 21]);
    expect(page.nextAfter).toBeNull();
    expect(page.entries.at(-1)).toMatchObject({ scope: 'user', kind: 'sign_in', actorId: 'ada' });
  });

  it('pages after a position, to the end', async () => {
    const first = await trail.page(W, NONE, 0, 8);
    expect(positions(first)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(first.nextAfter).toBe(8);
    const second = await trail.page(W, NONE, 8, 8);
    expect(positions(second)).toEqual([9, 10, 11, 12, 13, 14, 15, 16]);
    const last = await trail.page(W, NONE, 16, 8);
    expect(positions(last)).toEqual([17, 18, 19, 20, 21]);
    expect(last.nextAfter).toBeNull();
    // A cursor between entries of a filtered trail starts at the next one.
    expect(positions(await trail.page(W, { ...NONE, kind: 'api_key.created' }, 5, 3))).toEqual([6, 8, 10]);
  });

  it('filters by actor, kind and time (inclusive), and stops paging past `to`', async () => {
    expect(positions(await trail.page(W, { ...NONE, actor: 'k1' }, 0, 100))).toEqual([3, 6, 9, 12, 15, 18]);
    expect(positions(await trail.page(W, { ...NONE, kind: 'sign_in' }, 0, 100))).toEqual([21]);
    expect(positions(await trail.page(W, { ...NONE, from: 1015 }, 0, 100))).toEqual([15, 16, 17, 18, 19, 20, 21]);
    const early = await trail.page(W, { ...NONE, to: 1004 }, 0, 3);
    expect(positions(early)).toEqual([1, 2, 3]);
    expect(early.nextAfter).toBe(3);
    const rest = await trail.page(W, { ...NONE, to: 1004 }, 3, 3);
    expect(positions(rest)).toEqual([4]);
    expect(rest.nextAfter).toBeNull();
  });

  it('yields every selected entry across pages', async () => {
    const all: number[] = [];
    for await (const e of trail.all(W, { ...NONE, actor: 'k2' })) all.push(e.position);
    expect(all).toEqual([1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 20]);
  });
});
