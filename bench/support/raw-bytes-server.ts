/**
 * Ceiling of the GET path: raw `node:http` answering every request with the same bytes (a response
 * body captured from our server). Forked by a bench: `fork(this file, [bodyFile])`; sends `{ port }`
 * once listening.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2] ?? '');
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
