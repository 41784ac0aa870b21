import { physicalCollectionName } from '@app/contracts/read-models/read-model-names';
import {
  checkpointName,
  GenerationRegistry,
  SqliteEventStore,
  SqliteReadStore,
  type BulkWriter,
  type EventStore,
  type NewEvent,
  type ReadStore,
  type RecordedEvent,
} from '@app/storage';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Projection } from '../projection';
import { ALL_PROJECTIONS } from '../all-projections';
import { LiveProjector } from './live-projector';
import { ProjectionApplier } from './projection-applier';
import { ProjectionProgress } from './projection-progress';
import { rebuildReadModels } from './rebuild';
import { until } from '@app/contracts/test/until';
import { contentFragmentAdded, conversationCreated, fixtureBase } from '@app/contracts/test/conversation.fixtures';

/** Deliberately NOT idempotent: applying an event twice shows in `count`, so double-applies are caught. */
const counter: Projection<{ count: number; positions: number[] }> = {
  name: 'counter',
  version: 1,
  indexes: [],
  canHandle: ['Ticked'],
  documentIds: (event) => [String(event.data.key)],
  evolve: (doc, event) => ({ count: (doc?.count ?? 0) + 1, positions: [...(doc?.positions ?? []), event.position] }),
};

const silent = { info: () => undefined, error: () => undefined };

/** The store, with a bulk writer whose units after the first `units` fail (and are not written). */
function withFailingBulkWriter(store: SqliteReadStore, units: number): ReadStore {
  return Object.assign(Object.create(store) as SqliteReadStore, {
    openBulkWriter(): BulkWriter {
      const real = store.openBulkWriter();
      if (real === null) throw new Error('a file store has a bulk writer');
      let written = 0;
      return {
        write: (unit) => ((written += 1) > units ? Promise.reject(new Error('disk full')) : real.write(unit)),
        close: () => real.close(),
      };
    },
  });
}

function tick(key: string): NewEvent {
  return { id: randomUUID(), type: 'Ticked', data: { key }, metadata: { schemaVersion: 1 } };
}


describe('projector', () => {
  let eventStore: EventStore;
  let readStore: ReadStore;

  const temporaryFiles: SqliteReadStore[] = [];

  beforeEach(() => {
    eventStore = new SqliteEventStore({ path: ':memory:' });
    readStore = new SqliteReadStore({ path: ':memory:' });
  });
  afterEach(async () => {
    await eventStore.close();
    await readStore.close();
    for (const store of temporaryFiles.splice(0)) await store.close();
  });

  const collection = physicalCollectionName(counter, 1);
  const readCounter = (key: string) => readStore.get<{ count: number; positions: number[] }>(collection, key);
  const checkpoint = async () => (await readStore.getCheckpoint(checkpointName(1))) ?? 0;

  it('applies a batch and its checkpoint together, and a failed commit changes nothing', async () => {
    const applier = new ProjectionApplier(readStore, [counter]);
    await applier.ensureCollections(1);
    for (let i = 0; i < 3; i += 1) await eventStore.append('s-a', [tick('a')], 'any');
    const events = await eventStore.readAll();
    await applier.apply(events.slice(0, 2), 1);
    expect(await readCounter('a')).toEqual({ count: 2, positions: [events[0]!.position, events[1]!.position] });
    expect(await checkpoint()).toBe(events[1]!.position);

    const failing = new ProjectionApplier(
      { ...readStore, getMany: readStore.getMany.bind(readStore), commit: () => Promise.reject(new Error('disk full')) } as ReadStore,
      [counter],
    );
    await expect(failing.apply(events.slice(2), 1)).rejects.toThrow('disk full');
    expect((await readCounter('a'))?.count).toBe(2);
    expect(await checkpoint()).toBe(events[1]!.position);
  });

  it('applies what a group commit made durable before the writers\' next group commits', async () => {
    const progress = new ProjectionProgress();
    const projector = new LiveProjector(eventStore, readStore, [counter], silent, progress);
    await projector.start();
    const order: string[] = [];
    progress.onAdvance((position) => order.push(`applied ${position}`));
    eventStore.watchCommits!((events) => order.push(`committed ${events.map((event) => event.position).join(',')}`));
    // Each writer appends again as soon as its first append returns, as a request queued behind it would.
    const keys = ['a', 'b', 'c'];
    await Promise.all(keys.map((key) => eventStore.append(`s-${key}`, [tick(key)], 'any').then(() => eventStore.append(`s-${key}`, [tick(key)], 'any'))));
    await until(async () => progress.current() >= 6);
    await projector.stop();
    expect(order.filter((entry) => entry !== 'applied 0').slice(0, 3)).toEqual(['committed 1,2,3', 'applied 3', 'committed 4,5,6']);
  });

  it('stops at once when stopped right after it started, with no event to come', async () => {
    const projector = new LiveProjector(eventStore, readStore, [counter], silent, new ProjectionProgress());
    await projector.start();
    await projector.stop();
  });

  it('neither skips nor double-applies across restarts', async () => {
    const first = new LiveProjector(eventStore, readStore, [counter], silent, new ProjectionProgress());
    await first.start();
    for (let i = 0; i < 50; i += 1) await eventStore.append(`s-${i % 5}`, [tick('k')], 'any');
    await until(async () => (await readCounter('k'))?.count === 50);
    await first.stop();

    for (let i = 0; i < 30; i += 1) await eventStore.append(`s-${i % 5}`, [tick('k')], 'any');
    const second = new LiveProjector(eventStore, readStore, [counter], silent, new ProjectionProgress());
    await second.start();
    await until(async () => (await checkpoint()) === (await eventStore.headPosition()));
    await second.stop();

    const doc = await readCounter('k');
    const all = (await eventStore.readAll()).map((e) => e.position);
    expect(doc?.count).toBe(80);
    expect(doc?.positions).toEqual(all);
  });

  it('resumes from the checkpoint after a crash between batches (a second projector on the same stores)', async () => {
    for (let i = 0; i < 20; i += 1) await eventStore.append('s', [tick('c')], 'any');
    const applier = new ProjectionApplier(readStore, [counter]);
    await applier.ensureCollections(1);
    await new GenerationRegistry(readStore).init();
    const events = await eventStore.readAll();
    await applier.apply(events.slice(0, 7), 1); // the "crashed" process got this far
    const projector = new LiveProjector(eventStore, readStore, [counter], silent, new ProjectionProgress());
    await projector.start();
    await until(async () => (await checkpoint()) === events[19]!.position);
    await projector.stop();
    expect((await readCounter('c'))?.positions).toEqual(events.map((e: RecordedEvent) => e.position));
  });

  // In memory the store has no bulk writer; on a file the rebuild commits through one, and when
  // that writer fails partway it loads the generation again with ordinary commits.
  it.each([
    ['with ordinary commits (in memory)', { file: false, failAfterUnits: null }],
    ['through the bulk writer (a file)', { file: true, failAfterUnits: null }],
    ['when the bulk writer fails partway', { file: true, failAfterUnits: 3 }],
  ])('a rebuilt read model equals the live one, and reads switch to the new generation: %s', async (_name, mode) => {
    if (mode.file) {
      await readStore.close();
      const fileStore = new SqliteReadStore({ path: join(mkdtempSync(join(tmpdir(), 'rebuild-spec-')), 'read.sqlite') });
      temporaryFiles.push(fileStore);
      readStore = mode.failAfterUnits === null ? fileStore : withFailingBulkWriter(fileStore, mode.failAfterUnits);
    }
    const workspaceEvents = (workspaceId: string): NewEvent[] => [
      { id: randomUUID(), type: 'WorkspaceCreated', data: { workspaceId, name: `ws ${workspaceId}`, region: 'us-central1', at: 1 }, metadata: { schemaVersion: 1 } },
      { id: randomUUID(), type: 'SpaceCreated', data: { workspaceId, spaceId: `vlt_${workspaceId}`, kind: 'global', name: 'Company Data', isRestricted: false, at: 1 }, metadata: { schemaVersion: 1 } },
      { id: randomUUID(), type: 'ApiKeyCreated', data: { workspaceId, keyId: `key_${workspaceId}`, secretHash: `hash_${workspaceId}`, role: 'admin', userId: null, at: 2 }, metadata: { schemaVersion: 1 } },
      { id: randomUUID(), type: 'WorkspaceSettingsChanged', data: { workspaceId, changes: { ssoEnforced: true, name: 'renamed' }, at: 3 }, metadata: { schemaVersion: 1 } },
      { id: randomUUID(), type: 'ApiKeyRevoked', data: { workspaceId, keyId: `key_${workspaceId}`, secretHash: `hash_${workspaceId}`, at: 4 }, metadata: { schemaVersion: 1 } },
    ];
    for (let i = 0; i < 10; i += 1) await eventStore.append(`workspace-w${i}`, workspaceEvents(`w${i}`).slice(0, i % 2 ? 5 : 3), 'no_stream');
    // Data sources, views and documents of two workspaces: created, patched, deleted, re-upserted.
    const event = (type: string, data: Record<string, unknown>): NewEvent => ({ id: randomUUID(), type, data: data as NewEvent['data'], metadata: { schemaVersion: 1 } });
    const documentData = (workspaceId: string, documentId: string, at: number) => ({
      workspaceId, spaceId: `vlt_${workspaceId}`, dataSourceId: `dts_${workspaceId}`, documentId, title: documentId, mimeType: 'text/plain', sourceUrl: null,
      tags: [], timestamp: at, parentId: null, parents: [documentId], section: { prefix: null, content: `text of ${documentId}`, sections: [] },
      hash: `h${at}`, textSize: 10, tokenCount: 3, tokenizer: 'o200k_base', createdAt: 10, at,
    });
    for (const workspaceId of ['w0', 'w1']) {
      const ds = { workspaceId, dataSourceId: `dts_${workspaceId}` };
      await eventStore.append(`data-sources-${workspaceId}`, [
        event('DataSourceCreated', { ...ds, spaceId: `vlt_${workspaceId}`, dataSourceViewId: `dsv_${workspaceId}`, name: 'Folder', description: null, createdBy: null, at: 10 }),
        event('DataSourceViewParentsChanged', { ...ds, dataSourceViewId: `dsv_${workspaceId}`, parentsIn: ['a'], at: 11 }),
        event('DataSourceCreated', { ...ds, dataSourceId: `dts_gone_${workspaceId}`, spaceId: `vlt_${workspaceId}`, dataSourceViewId: `dsv_gone_${workspaceId}`, name: 'Gone', description: null, createdBy: null, at: 12 }),
        event('DataSourceDeleted', { ...ds, dataSourceId: `dts_gone_${workspaceId}`, spaceId: `vlt_${workspaceId}`, dataSourceViewIds: [`dsv_gone_${workspaceId}`], at: 13 }),
      ], 'no_stream');
      await eventStore.append(`data-source-document-${workspaceId}-a`, [
        event('DocumentUpserted', documentData(workspaceId, 'a', 14)),
        event('DocumentParentsChanged', { ...ds, spaceId: `vlt_${workspaceId}`, documentId: 'a', parentId: 'p', parents: ['a', 'p'], at: 15 }),
        event('DocumentUpserted', { ...documentData(workspaceId, 'a', 16), parentId: 'p', parents: ['a', 'p'] }),
      ], 'no_stream');
      await eventStore.append(`data-source-document-${workspaceId}-b`, [
        event('DocumentUpserted', documentData(workspaceId, 'b', 17)),
        event('DocumentDeleted', { ...ds, spaceId: `vlt_${workspaceId}`, documentId: 'b', at: 18 }),
      ], 'no_stream');
    }
    const fileEvents = (fileId: string): NewEvent[] => [
      { id: randomUUID(), type: 'FileUploadRequested', data: { workspaceId: 'w1', fileId, contentType: 'text/plain', fileName: `${fileId}.txt`, fileSize: 5, useCase: 'conversation', useCaseMetadata: null, keyId: 'key_w1', at: 5 }, metadata: { schemaVersion: 2 } },
      { id: randomUUID(), type: 'FileContentStored', data: { workspaceId: 'w1', fileId, originalHash: 'a'.repeat(64), byteSize: 5, at: 6 }, metadata: { schemaVersion: 2 } },
      fileId.endsWith('failed')
        ? { id: randomUUID(), type: 'FileProcessingFailed', data: { workspaceId: 'w1', fileId, reason: 'unreadable', at: 7 }, metadata: { schemaVersion: 2 } }
        : { id: randomUUID(), type: 'FileProcessed', data: { workspaceId: 'w1', fileId, processedHash: 'b'.repeat(64), processedBytes: 5, snippet: 'hello', at: 7 }, metadata: { schemaVersion: 2 } },
      { id: randomUUID(), type: 'FileDeleted', data: { workspaceId: 'w1', fileId, at: 8 }, metadata: { schemaVersion: 2 } },
    ];
    for (const fileId of ['fil_ready', 'fil_failed', 'fil_deleted']) {
      await eventStore.append(`file-${fileId}`, fileEvents(fileId).slice(0, fileId === 'fil_deleted' ? 4 : 3), 'no_stream');
    }

    // A table of w0: metadata, two batches of rows, a row upserted again, one deleted, a truncation, and a deleted table.
    const table = { workspaceId: 'w0', spaceId: 'vlt_w0', dataSourceId: 'dts_w0', tableId: 't1' };
    const tableMeta = { name: 't1', title: 'T1', description: 'd', mimeType: 'text/csv', sourceUrl: null, tags: [], timestamp: 20, parentId: null, parents: ['t1'], generation: 0, createdAt: 20, at: 20 };
    const column = [{ name: 'n', value_type: 'int', possible_values: null }];
    await eventStore.append('data-source-table-w0-t1', [
      event('TableUpserted', { ...table, ...tableMeta }),
      event('TableRowsUpserted', { ...table, generation: 0, firstOrdinal: 0, rows: [{ row_id: 'a', value: { n: 1 } }, { row_id: 'b', value: { n: 2 } }], schema: column, at: 21 }),
      event('TableRowsUpserted', { ...table, generation: 0, firstOrdinal: 2, rows: [{ row_id: 'a', value: { n: 3 } }, { row_id: 'c', value: { n: 4 } }], schema: column, at: 22 }),
      event('TableRowDeleted', { ...table, generation: 0, rowId: 'b', at: 23 }),
      event('TableTruncated', { ...table, generation: 1, at: 24 }),
      event('TableRowsUpserted', { ...table, generation: 1, firstOrdinal: 4, rows: [{ row_id: 'z', value: { n: 9 } }], schema: column, at: 25 }),
    ], 'no_stream');
    await eventStore.append('data-source-table-w0-t2', [
      event('TableUpserted', { ...table, ...tableMeta, tableId: 't2', name: 't2' }),
      event('TableDeleted', { ...table, tableId: 't2', at: 26 }),
    ], 'no_stream');

    // A conversation whose content-node fragment expired with its data source.
    const asNew = (e: { type: string; data: object }): NewEvent => ({ id: randomUUID(), type: e.type, data: e.data as NewEvent['data'], metadata: { schemaVersion: 2 } });
    const nodeFragment = contentFragmentAdded('frgnode001', 0, 'cfnode0001', { contentFragmentType: 'content_node', nodeId: 'a', nodeDataSourceViewId: 'dsv_gone_w0', nodeType: 'document' });
    await eventStore.append(`conversation-${nodeFragment.data.conversationId}`, [
      asNew(conversationCreated()),
      asNew(nodeFragment),
      asNew({ type: 'ContentFragmentExpired', data: { ...fixtureBase(1), messageId: 'frgnode001', contentFragmentId: 'cfnode0001', reason: 'data_source_deleted', dataSourceId: 'dts_gone_w0' } }),
    ], 'no_stream');

    // No sweep here: both generations are compared as the log leaves them (table-row-purge.spec sweeps).
    const live = new LiveProjector(eventStore, readStore, ALL_PROJECTIONS, silent, new ProjectionProgress(), { sweepIntervalMs: 600_000 });
    await live.start();
    const head = await eventStore.headPosition();
    await until(async () => (await checkpoint()) === head);
    const snapshot = async (generation: number) => {
      const result: Record<string, unknown[]> = {};
      for (const projection of ALL_PROJECTIONS) {
        result[projection.name] = await readStore.find(physicalCollectionName(projection, generation), { sort: [{ field: 'createdAt', direction: 'asc' }] });
      }
      return result;
    };
    const before = await snapshot(1);
    expect(before.workspaces).toHaveLength(10);
    expect(before.api_keys).toHaveLength(5);
    expect(before.data_sources).toHaveLength(2);
    expect(before.data_source_views).toMatchObject([{ parentsIn: ['a'] }, { parentsIn: ['a'] }]);
    expect(before.data_source_documents).toMatchObject([{ documentId: 'a', parents: ['a', 'p'], text: 'text of a' }, { documentId: 'a' }]);

    expect(before.data_source_tables).toMatchObject([{ tableId: 't1', generation: 1, schema: column }]);
    expect(before.data_source_table_rows).toEqual(expect.arrayContaining([
      expect.objectContaining({ rowId: 'a', generation: 0, ordinal: 0, value: { n: 3 } }),
      expect.objectContaining({ rowId: 'c', generation: 0, ordinal: 3 }),
      expect.objectContaining({ rowId: 'z', generation: 1, ordinal: 4 }),
    ]));
    expect(before.data_source_table_rows).toHaveLength(3);

    expect(before.conversation_messages).toMatchObject([{ message: { sId: 'frgnode001', expiredReason: 'data_source_deleted', nodeId: null, nodeDataSourceViewId: null } }]);
    expect(before.files).toHaveLength(2);
    expect(before.files).toEqual(expect.arrayContaining([
      expect.objectContaining({ sId: 'fil_ready', status: 'ready', processedHash: 'b'.repeat(64) }),
      expect.objectContaining({ sId: 'fil_failed', status: 'failed', failureReason: 'unreadable' }),
    ]));

    const bulkFailures: unknown[] = [];
    const openBulkWriter = jest.spyOn(SqliteReadStore.prototype, 'openBulkWriter');
    const result = await rebuildReadModels(eventStore, readStore, ALL_PROJECTIONS, {
      switchGraceMs: 0,
      pageSize: 10,
      onBulkWriteFailure: (error) => bulkFailures.push(error),
    });
    expect(bulkFailures).toEqual(mode.failAfterUnits === null ? [] : [new Error('disk full')]);
    if (mode.file && mode.failAfterUnits === null) expect(openBulkWriter).toHaveReturnedWith(expect.objectContaining({ write: expect.any(Function) }));
    openBulkWriter.mockRestore();
    expect(result).toMatchObject({ generation: 2, previousGeneration: 1, events: 79, failed: 0 });
    expect(await new GenerationRegistry(readStore).active()).toBe(2);
    expect(await snapshot(2)).toEqual(before);
    expect(await readStore.listCollections()).not.toContain(physicalCollectionName(ALL_PROJECTIONS[0]!, 1));

    // The live projector follows the switch and keeps the new generation current.
    await eventStore.append('workspace-late', workspaceEvents('late').slice(0, 1), 'no_stream');
    await until(async () => (await readStore.get(physicalCollectionName(ALL_PROJECTIONS[0]!, 2), 'late')) !== null);
    await live.stop();
  });
});
