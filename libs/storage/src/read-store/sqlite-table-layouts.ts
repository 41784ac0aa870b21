import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { ReadDocument } from './read-store.port';
import type { SqliteReadConnection } from './sqlite-read-connection';
import type { FieldColumns } from './sqlite-read-query';
import { columnOf, fieldColumnsOf, fieldValueOf } from './sqlite-field-columns';
import { CHECKPOINTS_TABLE } from './sqlite-read-tables';

/** The upsert of a projector checkpoint: name, then position. */
export const CHECKPOINT_UPSERT = `INSERT INTO ${CHECKPOINTS_TABLE} (name, position) VALUES (?, ?)
  ON CONFLICT(name) DO UPDATE SET position = excluded.position`;

/** A table as this connection writes and queries it: its field columns and the upsert filling them. */
export interface TableLayout {
  readonly columns: FieldColumns;
  /** The path of each column's field, split, in the upsert's parameter order. */
  readonly paths: ReadonlyArray<readonly string[]>;
  readonly upsertSql: string;
  /** Prepared on the first write: preparing fails while the table is missing. */
  upsert: StatementSync | null;
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
      layout = { columns, paths: [...columns].map((field) => field.split('.')), upsertSql: upsertSqlOf(table, columns), upsert: null };
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

  /** Writes a document, `text` being its JSON, by its table's upsert; throws if the table is missing. */
  upsert(table: string, id: string, doc: ReadDocument, text: string, expiresAt: number | undefined): void {
    const layout = this.of(table);
    layout.upsert ??= this.connection.db.prepare(layout.upsertSql);
    if (layout.paths.length === 0) {
      layout.upsert.run(id, text, expiresAt ?? null);
      return;
    }
    layout.upsert.run(...upsertParams(layout, id, doc, text, expiresAt));
  }
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
