/**
 * Ceiling of the POST path: raw `node:http` that, per POST, inserts one row into a `node:sqlite`
 * WAL database with `synchronous = FULL` (the event log's durability) and answers a small JSON.
 * Forked by a bench: `fork(this file, [databasePath])`; sends `{ port }` once listening.
 */
import { createServer } from 'node:http';
import { DatabaseSync } from 'node:sqlite';

const db = new DatabaseSync(process.argv[2] ?? ':memory:');
db.exec('PRAGMA journal_mode = WAL');
db.exec('PRAGMA synchronous = FULL');
db.exec('CREATE TABLE IF NOT EXISTS events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream_name TEXT NOT NULL, data TEXT NOT NULL, recorded_at INTEGER NOT NULL)');
const insert = db.prepare('INSERT INTO events (stream_name, data, recorded_at) VALUES (?, ?, ?)');

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const result = insert.run(request.url ?? '/', Buffer.concat(chunks).toString('utf8'), Date.now());
    const body = JSON.stringify({ position: Number(result.lastInsertRowid) });
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
