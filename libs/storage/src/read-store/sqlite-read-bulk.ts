import type { SQLInputValue } from 'node:sqlite';
import type { BulkWriter, WriteUnit } from './read-store.port';
import type { SqliteReadCache } from './sqlite-read-cache';
import { CHECKPOINT_UPSERT, upsertParams, type SqliteTableLayouts } from './sqlite-table-layouts';
import { tableOf } from './sqlite-read-tables';
import { isInMemory } from '../sqlite/wal-checkpointer';
import { SqliteBulkTransactions, type BulkTransaction } from '../sqlite/sqlite-bulk-transactions';

/**
 * Units prepared here (names checked, documents serialized, field values extracted) and committed
 * by a second connection in a worker thread. None for a database in memory, which no other
 * connection can open. The tables must exist: a write to a missing one fails the writer.
 */
export function openSqliteBulkWriter(path: string, layouts: SqliteTableLayouts, cache: SqliteReadCache): BulkWriter | null {
  if (isInMemory(path)) return null;
  const transactions = new SqliteBulkTransactions(path);
  return {
    // Async, so that a unit refused while it is prepared (a bad name) rejects like any other.
    write: async (unit) => transactions.run(bulkTransactionOf(unit, layouts, cache)),
    close: () => transactions.close(),
  };
}

/** A unit as statements for the bulk writer's connection, with this connection's layouts. */
function bulkTransactionOf(unit: WriteUnit, layouts: SqliteTableLayouts, cache: SqliteReadCache): BulkTransaction {
  layouts.checked();
  const sql: string[] = [];
  const indexes = new Map<string, number>();
  const indexOf = (text: string): number => {
    let index = indexes.get(text);
    if (index === undefined) {
      index = sql.push(text) - 1;
      indexes.set(text, index);
    }
    return index;
  };
  const runs: Array<[number, ...SQLInputValue[]]> = [];
  for (const put of unit.puts) {
    const table = tableOf(put.collection);
    // Written by another connection: what this one cached of the document is stale from now on.
    cache.wrote(table, put.id);
    const layout = layouts.of(table);
    runs.push([indexOf(layout.upsertSql), ...upsertParams(layout, put.id, put.doc, JSON.stringify(put.doc), put.expiresAt)]);
  }
  for (const del of unit.deletes) {
    const table = tableOf(del.collection);
    cache.wrote(table, del.id);
    runs.push([indexOf(`DELETE FROM "${table}" WHERE id = ?`), del.id]);
  }
  if (unit.checkpoint) runs.push([indexOf(CHECKPOINT_UPSERT), unit.checkpoint.name, unit.checkpoint.position]);
  return { sql, runs };
}
