/**
 * Framework ceiling of the GET path: bare Express 5 (no middleware) answering every request with
 * the same bytes (a response body captured from our server), as `res.json` would send them. Forked
 * by a bench: `fork(this file, [bodyFile])`; sends `{ port }` once listening.
 */
import { readFileSync } from 'node:fs';
import express from 'express';

const body = readFileSync(process.argv[2] ?? '');
const app = express();
app.get('/conversation', (_request, response) => {
  response.type('application/json').send(body);
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
