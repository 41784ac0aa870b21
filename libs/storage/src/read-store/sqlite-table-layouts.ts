import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { ReadDocument } from './read-store.port';
import type { SqliteReadConnection } from './sqlite-read-connection';
import type { FieldColumns } from './sqlite-read-query';
import { columnOf, fieldColumnsOf, fieldValueOf } from './sqlite-field-columns';
import { CHECKPOINTS_TABLE } from './sqlite-read-tables';

/** The upsert of a projector checkpoint: name, then position. */
export const CHECKPOINT_UPSERT = `INSERT INTO ${CHECKPOINTS_TABLE} (name, position) VALUES (?, ?)
  ON CONFLICT(name) DO UPDATE SET position = excluded.position`;

/** Field columns a mask of 32-bit integers can tell apart (see updateChanged). */
const MAX_MASKED_COLUMNS = 30;

/** A table as this connection writes and queries it: its field columns and the upsert filling them. */
export interface TableLayout {
  readonly columns: FieldColumns;
  /** The path of each column's field, split, in the upsert's parameter order. */
  readonly paths: ReadonlyArray<readonly string[]>;
  readonly upsertSql: string;
  /** Prepared on the first write: preparing fails while the table is missing. */
  upsert: StatementSync | null;
  /** The updates that leave some field columns as they are, by the mask of the columns they set. */
  readonly updates: Map<number, StatementSync>;
}

/**
 * The layout of each table a connection met, kept apart from its statement cache so a write neither
 * builds nor hashes its SQL. Valid while the schema is: another connection may add field columns
 * (ensureCollection), which `checked` notices.
 */
export class SqliteTableLayouts {
  private readonly layouts = new Map<string, TableLayout>();
  private schemaVersion: unknown = null;

  constructor(private readonly connection: SqliteReadConnection) {}

  /** The layout of a table, as last read (see checked). */
  of(table: string): TableLayout {
    let layout = this.layouts.get(table);
    if (!layout) {
      const columns = fieldColumnsOf(this.connection.db, table);
      layout = { columns, paths: [...columns].map((field) => field.split('.')), upsertSql: upsertSqlOf(table, columns), upsert: null, updates: new Map() };
      this.layouts.set(table, layout);
    }
    return layout;
  }

  /**
   * Forgets the layouts read if the schema changed since: another connection may have added field
   * columns (ensureCollection), which a write must fill. Every transaction and query checks first.
   */
  checked(): void {
    const version = this.connection.statement('PRAGMA schema_version').get()?.schema_version;
    if (version === this.schemaVersion) return;
    this.layouts.clear();
    this.schemaVersion = version;
  }

  /** Forgets the layout of a table whose columns this connection changed or dropped. */
  forget(table: string): void {
    this.layouts.delete(table);
  }

  clear(): void {
    this.layouts.clear();
  }

  /**
   * Writes a document, `text` being its JSON, by its table's upsert; throws if the table is missing.
   * Given the document it replaces (`previous`, as read for this write), the field columns it left
   * as they were are not written (see updateChanged).
   */
  upsert(table: string, id: string, doc: ReadDocument, text: string, expiresAt: number | undefined, previous?: ReadDocument | null): void {
    const layout = this.of(table);
    if (previous && layout.paths.length > 0 && layout.paths.length <= MAX_MASKED_COLUMNS && this.updateChanged(table, layout, id, doc, text, expiresAt, previous)) return;
    layout.upsert ??= this.connection.db.prepare(layout.upsertSql);
    if (layout.paths.length === 0) {
      layout.upsert.run(id, text, expiresAt ?? null);
      return;
    }
    layout.upsert.run(...upsertParams(layout, id, doc, text, expiresAt));
  }

  /**
   * SQLite rewrites an index entry for every column an UPDATE sets, whether its value changed or
   * not: a conversation's document, rewritten at each message with 7 indexed fields of which 2
   * change, dirtied a page of each of its 8 indexes (WAL frames of 5 such writes in one commit: 36
   * with every column set, 5 with the document alone). So where the previous document is known,
   * only the columns whose value changed are set, and the update lands only if the row holds the
   * new values in the others and the same expiry; otherwise (no row, or another writer changed it
   * meanwhile) the caller runs the full upsert, so the columns always hold the document's values.
   * Answers whether the update landed.
   */
  private updateChanged(
    table: string,
    layout: TableLayout,
    id: string,
    doc: ReadDocument,
    text: string,
    expiresAt: number | undefined,
    previous: ReadDocument,
  ): boolean {
    const set: SQLInputValue[] = [];
    const kept: SQLInputValue[] = [];
    let mask = 0;
    layout.paths.forEach((path, index) => {
      const value = fieldValueOf(doc, path);
      if (value === fieldValueOf(previous, path)) kept.push(value);
      else {
        set.push(value);
        mask |= 1 << index;
      }
    });
    let update = layout.updates.get(mask);
    if (update === undefined) {
      update = this.connection.db.prepare(updateSqlOf(table, layout.columns, mask));
      layout.updates.set(mask, update);
    }
    return Number(update.run(text, ...set, id, expiresAt ?? null, ...kept).changes) === 1;
  }
}

/**
 * The update of a document and of the field columns in `mask` (bit i: the i-th column), guarded by
 * the expiry and the values of the other columns, which it leaves as they are.
 */
function updateSqlOf(table: string, columns: FieldColumns, mask: number): string {
  const names = [...columns].map(columnOf);
  const set = ['doc = ?', ...names.filter((_, index) => (mask & (1 << index)) !== 0).map((name) => `${name} = ?`)];
  const guards = ['id = ?', 'expires_at IS ?', ...names.filter((_, index) => (mask & (1 << index)) === 0).map((name) => `${name} IS ?`)];
  return `UPDATE "${table}" SET ${set.join(', ')} WHERE ${guards.join(' AND ')}`;
}

/** The upsert's parameters: id, document text, expiry, then each field column's value. */
export function upsertParams(layout: TableLayout, id: string, doc: ReadDocument, text: string, expiresAt: number | undefined): SQLInputValue[] {
  const params: SQLInputValue[] = [id, text, expiresAt ?? null];
  for (const path of layout.paths) params.push(fieldValueOf(doc, path));
  return params;
}

/** The upsert of a table: the document, its expiry, and the value of each field column, in `columns` order. */
function upsertSqlOf(table: string, columns: FieldColumns): string {
  const names = ['id', 'doc', 'expires_at', ...[...columns].map(columnOf)];
  const updates = names.slice(1).map((name) => `${name} = excluded.${name}`);
  return `INSERT INTO "${table}" (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})
         ON CONFLICT(id) DO UPDATE SET ${updates.join(', ')}`;
}
