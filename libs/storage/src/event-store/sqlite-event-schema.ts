import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
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

/** The columns the event reads select, in the order of an `EventRow`. */
const EVENT_COLUMNS = 'position, event_id, stream_name, stream_revision, type, data, metadata, recorded_at';

/** An events row read as an array, its values in the order of `EVENT_COLUMNS` (position first). */
export type EventRow = readonly SQLOutputValue[];

/** The statements of the SQLite event store, prepared once per connection. */
export function prepareStatements(db: DatabaseSync): Record<
  'streamRevision' | 'findEvent' | 'positionAt' | 'insert' | 'readStream' | 'readAll' | 'headPosition' | 'dataVersion',
  StatementSync
> {
  const columns = EVENT_COLUMNS;
  // Event reads return rows as arrays: a page of events then builds no object with eight named keys per row.
  const eventReads = (sql: string): StatementSync => {
    const statement = db.prepare(sql);
    statement.setReturnArrays(true);
    return statement;
  };
  return {
    streamRevision: db.prepare('SELECT max(stream_revision) AS revision FROM events WHERE stream_name = ?'),
    findEvent: db.prepare('SELECT stream_revision, position FROM events WHERE stream_name = ? AND event_id = ?'),
    positionAt: db.prepare('SELECT position FROM events WHERE stream_name = ? AND stream_revision = ?'),
    insert: db.prepare(
      `INSERT INTO events (event_id, stream_name, stream_revision, type, data, metadata, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    readStream: eventReads(
      `SELECT ${columns} FROM events WHERE stream_name = ? AND stream_revision >= ? ORDER BY stream_revision LIMIT ?`,
    ),
    // The upper bound keeps readers to what is durable (see SqliteEventStore's durable head).
    readAll: eventReads(`SELECT ${columns} FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ?`),
    headPosition: db.prepare('SELECT max(position) AS position FROM events'),
    // Changes whenever ANOTHER connection commits to the file: a cheap way to notice other processes.
    dataVersion: db.prepare('PRAGMA data_version'),
  };
}

/** Runs an event read (`readAll`, `readStream`) and decodes its rows. */
export function readEvents(statement: StatementSync, ...params: SQLInputValue[]): RecordedEvent[] {
  return readEventRows(statement, ...params).map(toRecordedEvent);
}

/** Runs an event read and returns its rows undecoded. */
export function readEventRows(statement: StatementSync, ...params: SQLInputValue[]): EventRow[] {
  // The typings know only object rows; these statements return arrays (see prepareStatements).
  return statement.all(...params) as unknown as EventRow[];
}

/** Decodes an events row (a copy of its own each time); data and metadata must be stored as JSON objects. */
export function toRecordedEvent(row: EventRow): RecordedEvent {
  const [position, eventId, streamName, revision, type, data, metadata, recordedAt] = row;
  const id = text(eventId, 'event_id');
  const parsedData: unknown = JSON.parse(text(data, 'data'));
  const parsedMetadata: unknown = JSON.parse(text(metadata, 'metadata'));
  if (!isJsonObject(parsedData) || !isEventMetadata(parsedMetadata)) throw new Error(`Event ${id} is not stored as JSON objects`);
  return {
    id,
    streamName: text(streamName, 'stream_name'),
    revision: int(revision, 'stream_revision'),
    position: int(position, 'position'),
    type: text(type, 'type'),
    data: parsedData,
    metadata: parsedMetadata,
    recordedAt: int(recordedAt, 'recorded_at'),
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
  return nullableInt(row[name], name);
}

/** An integer column that must not be NULL. */
export function intColumn(row: Row, name: string): number {
  return int(row[name], name);
}

/** A text column. */
export function textColumn(row: Row, name: string): string {
  return text(row[name], name);
}

function nullableInt(value: SQLOutputValue | undefined, name: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new Error(`Column ${name} is not an integer`);
}

function int(value: SQLOutputValue | undefined, name: string): number {
  const number = nullableInt(value, name);
  if (number === undefined) throw new Error(`Column ${name} is null`);
  return number;
}

function text(value: SQLOutputValue | undefined, name: string): string {
  if (typeof value !== 'string') throw new Error(`Column ${name} is not text`);
  return value;
}
