import type { DatabaseSync, SQLOutputValue, StatementSync } from 'node:sqlite';
import type { EventMetadata, JsonObject, RecordedEvent } from './event-store.port';

/** The SQLite event store's one table. */
export const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position        INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id        TEXT    NOT NULL,
    stream_name     TEXT    NOT NULL,
    stream_revision INTEGER NOT NULL,
    type            TEXT    NOT NULL,
    data            TEXT    NOT NULL,
    metadata        TEXT    NOT NULL,
    recorded_at     INTEGER NOT NULL,
    UNIQUE (stream_name, stream_revision),
    UNIQUE (stream_name, event_id)
  )`;

/** A row as node:sqlite returns it. */
export type Row = Record<string, SQLOutputValue>;

/** The statements of the SQLite event store, prepared once per connection. */
export function prepareStatements(db: DatabaseSync): Record<
  'streamRevision' | 'findEvent' | 'positionAt' | 'insert' | 'readStream' | 'readAll' | 'headPosition' | 'dataVersion',
  StatementSync
> {
  const columns = 'position, event_id, stream_name, stream_revision, type, data, metadata, recorded_at';
  return {
    streamRevision: db.prepare('SELECT max(stream_revision) AS revision FROM events WHERE stream_name = ?'),
    findEvent: db.prepare('SELECT stream_revision, position FROM events WHERE stream_name = ? AND event_id = ?'),
    positionAt: db.prepare('SELECT position FROM events WHERE stream_name = ? AND stream_revision = ?'),
    insert: db.prepare(
      `INSERT INTO events (event_id, stream_name, stream_revision, type, data, metadata, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    readStream: db.prepare(
      `SELECT ${columns} FROM events WHERE stream_name = ? AND stream_revision >= ? ORDER BY stream_revision LIMIT ?`,
    ),
    // The upper bound keeps readers to what is durable (see SqliteEventStore's durable head).
    readAll: db.prepare(`SELECT ${columns} FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ?`),
    headPosition: db.prepare('SELECT max(position) AS position FROM events'),
    // Changes whenever ANOTHER connection commits to the file: a cheap way to notice other processes.
    dataVersion: db.prepare('PRAGMA data_version'),
  };
}

/** Decodes an events row; data and metadata must be stored as JSON objects. */
export function toRecordedEvent(row: Row): RecordedEvent {
  const data: unknown = JSON.parse(textColumn(row, 'data'));
  const metadata: unknown = JSON.parse(textColumn(row, 'metadata'));
  const id = textColumn(row, 'event_id');
  if (!isJsonObject(data) || !isEventMetadata(metadata)) throw new Error(`Event ${id} is not stored as JSON objects`);
  return {
    id,
    streamName: textColumn(row, 'stream_name'),
    revision: intColumn(row, 'stream_revision'),
    position: intColumn(row, 'position'),
    type: textColumn(row, 'type'),
    data,
    metadata,
    recordedAt: intColumn(row, 'recorded_at'),
  };
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEventMetadata(value: unknown): value is EventMetadata {
  return isJsonObject(value) && typeof value.schemaVersion === 'number';
}

/** An integer column that may be NULL (an aggregate over no rows). */
export function nullableIntColumn(row: Row, name: string): number | undefined {
  const value = row[name];
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new Error(`Column ${name} is not an integer`);
}

/** An integer column that must not be NULL. */
export function intColumn(row: Row, name: string): number {
  const value = nullableIntColumn(row, name);
  if (value === undefined) throw new Error(`Column ${name} is null`);
  return value;
}

/** A text column. */
export function textColumn(row: Row, name: string): string {
  const value = row[name];
  if (typeof value !== 'string') throw new Error(`Column ${name} is not text`);
  return value;
}
