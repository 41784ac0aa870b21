import { physicalCollectionName } from '@app/contracts/read-models/read-model-names';
import { ROW_BLOCK_SIZE, rowBlockKey } from '@app/contracts/tables/row-blocks';
import { SqliteReadStore, type FindQuery } from '@app/storage';
import { fieldColumnsOf } from '@app/storage/read-store/sqlite-field-columns';
import { countStatement, findStatement, type FieldColumns } from '@app/storage/read-store/sqlite-read-query';
import { tableOf } from '@app/storage/read-store/sqlite-read-tables';
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentConfigurationVersionProjection } from './agent-configuration/agent-configuration-version.projection';
import { agentConfigurationProjection } from './agent-configuration/agent-configuration.projection';
import { agentFeedbackProjection } from './agent-configuration/agent-feedback.projection';
import { agentUsageProjection } from './agent-configuration/agent-usage.projection';
import { conversationMessageProjection } from './conversation/conversation-message.projection';
import { conversationParticipantProjection } from './conversation/conversation-participant.projection';
import { conversationProjection } from './conversation/conversation.projection';
import type { Projection } from './projection';
import { tableRowProjection } from './data-source/table-row.projection';
import { spaceProjection } from './workspace/space.projection';

// The lists the api reads (apps/api/src/**/queries/*.query.ts, the agent directory and usage
// enrichment), each of which the read model's own indexes must serve in index order: with a sort
// left to the engine, every page of a large workspace sorts all its rows in memory.
const LISTS: ReadonlyArray<{ readonly list: string; readonly projection: Projection; readonly query: FindQuery }> = [
  {
    list: 'conversations of a workspace (list-conversations, admin key)',
    projection: conversationProjection,
    query: {
      where: { workspaceId: 'w1', deleted: false, visibility: 'unlisted' },
      sort: [{ field: 'updated', direction: 'desc' }],
      limit: 101,
      offset: 200,
    },
  },
  {
    list: "a member's conversations (list-conversations, participants)",
    projection: conversationParticipantProjection,
    query: { where: { workspaceId: 'w1', userId: 'u1' } },
  },
  {
    list: 'agents of one status (agent directory)',
    projection: agentConfigurationProjection,
    query: { where: { workspaceId: 'w1', status: 'active' } },
  },
  {
    list: 'versions of an agent (get-agent-configuration-history)',
    projection: agentConfigurationVersionProjection,
    query: { where: { sId: 'a1' }, sort: [{ field: 'version', direction: 'desc' }], limit: 20 },
  },
  {
    list: 'spaces of a workspace (list-spaces)',
    projection: spaceProjection,
    query: { where: { workspaceId: 'w1' }, sort: [{ field: 'createdAt', direction: 'asc' }] },
  },
  {
    list: 'agent usage of a workspace (agent list enrichment)',
    projection: agentUsageProjection,
    query: { where: { workspaceId: 'w1' } },
  },
  {
    list: 'agent feedback of a workspace (agent list enrichment)',
    projection: agentFeedbackProjection,
    query: { where: { workspaceId: 'w1' } },
  },
  {
    list: 'messages of a conversation (get-conversation)',
    projection: conversationMessageProjection,
    query: {
      where: { conversationId: 'c1' },
      sort: [
        { field: 'rank', direction: 'asc' },
        { field: 'createdPosition', direction: 'asc' },
      ],
    },
  },
  {
    list: 'one page of ranks of a conversation (get-conversation with limit)',
    projection: conversationMessageProjection,
    query: {
      where: { conversationId: 'c1', rank: { in: [47, 48, 49] } },
      sort: [
        { field: 'rank', direction: 'asc' },
        { field: 'createdPosition', direction: 'asc' },
      ],
    },
  },
  {
    // A page at any offset reads one block of a table generation, skipping less than a block.
    list: 'a page of rows of a table (list rows, one ordinal block, generations 0 and 1 included)',
    projection: tableRowProjection,
    query: {
      where: { block: rowBlockKey('ds1', 't1', 1, 0) },
      sort: [{ field: 'ordinal', direction: 'asc' }],
      limit: 10,
      offset: ROW_BLOCK_SIZE - 10,
    },
  },
];

type Statement = { sql: string; params: SQLInputValue[] };

describe('read-model indexes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'read-model-indexes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The query plan of the statement built for the projection's collection, in a fresh store. */
  async function planOf(file: string, projection: Projection, statement: (table: string, columns: FieldColumns) => Statement): Promise<string> {
    const path = join(dir, `${file}.sqlite`);
    const collection = physicalCollectionName(projection, 1);
    const store = new SqliteReadStore({ path });
    await store.ensureCollection({ name: collection, indexes: projection.indexes });
    await store.close();

    const db = new DatabaseSync(path);
    try {
      const table = tableOf(collection);
      const { sql, params } = statement(table, fieldColumnsOf(db, table));
      return db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params).map((row) => String(row.detail)).join('\n');
    } finally {
      db.close();
    }
  }

  it.each(LISTS)('serve $list without sorting in memory', async ({ projection, query }) => {
    const plan = await planOf(projection.name, projection, (table, columns) => findStatement(table, query, Date.now(), columns));
    expect(plan).toMatch(/USING INDEX .*,id\b/);
    expect(plan).not.toContain('TEMP B-TREE');
  });

  // A rows page skips up to a block of rows: the filter must need no document, so that the skipped
  // rows are read from the index alone (a count of the same filter shows it as a covering index).
  it('filter the rows of a block from the index alone', async () => {
    for (const generation of [0, 1, 2]) {
      const where = { block: rowBlockKey('ds1', 't1', generation, 1) };
      const plan = await planOf(`rows-block-${generation}`, tableRowProjection, (table, columns) => countStatement(table, where, Date.now(), columns));
      expect(plan).toMatch(/USING COVERING INDEX .*,id\b/);
    }
  });
});
