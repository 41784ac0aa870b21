/**
 * Ceiling of the time to first token: the least a server between the client and the model can do
 * in raw `node:http`. `POST /questions` sends the model its request at once and answers with an id;
 * `GET /questions/:id/events` streams each token the model sends as a frame shaped like ours. No
 * validation, no log, no durability, no AI SDK: what is left is the two extra hops and the process
 * in between, on this machine, in the same run. Forked by the agent-streaming bench:
 * `fork(this file, [modelBaseUrl])`; sends `{ port }` once listening.
 */
import { createServer } from 'node:http';
import { ModelProxyQuestions } from './model-proxy-questions';

const questions = new ModelProxyQuestions(process.argv[2] ?? '');

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { content } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { content: string };
      const answer = JSON.stringify({ id: questions.ask(content) });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
    });
    return;
  }
  const id = /^\/questions\/([^/]+)\/events$/.exec(req.url ?? '')?.[1] ?? '';
  if (!questions.listen(id, res)) res.writeHead(404).end();
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
