/**
 * Ceiling of the POST path: raw `node:http` that, per POST, parses the JSON body, inserts one row
 * into a `node:sqlite` WAL database with `synchronous = FULL` (the event log's durability) and
 * answers a small JSON. Forked by a bench: `fork(this file, [databasePath])`; sends `{ port }`.
 */
import { createServer } from 'node:http';
import { openInsertTable } from './insert-table';

const insert = openInsertTable(process.argv[2] ?? ':memory:');
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    const body = JSON.stringify({ position: insert(request.url ?? '/', JSON.stringify(message)) });
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
