import { DatabaseSync } from 'node:sqlite';

/**
 * The durable write of the POST ceilings: one row per call into a `node:sqlite` WAL database with
 * `synchronous = FULL`, the event log's durability. Returns the function inserting one row.
 */
export function openInsertTable(path: string): (stream: string, data: string) => number {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('CREATE TABLE IF NOT EXISTS events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream_name TEXT NOT NULL, data TEXT NOT NULL, recorded_at INTEGER NOT NULL)');
  const insert = db.prepare('INSERT INTO events (stream_name, data, recorded_at) VALUES (?, ?, ?)');
  return (stream, data) => Number(insert.run(stream, data, Date.now()).lastInsertRowid);
}
