/**
 * Framework ceiling of the POST path: Express 5 with `express.json()` that, per POST, inserts one
 * row into a `node:sqlite` WAL database with `synchronous = FULL` (the event log's durability) and
 * answers a small JSON. Forked by a bench: `fork(this file, [databasePath])`; sends `{ port }`.
 */
import express from 'express';
import { openInsertTable } from './insert-table';

const insert = openInsertTable(process.argv[2] ?? ':memory:');
const app = express();
app.use(express.json());
app.post('/conversation/:id', (request, response) => {
  const position = insert(request.params.id, JSON.stringify(request.body));
  response.json({ position });
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
