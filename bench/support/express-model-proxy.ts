/**
 * The framework's ceiling of the time to first token: the minimal proxy's work (see
 * minimal-model-proxy.ts) served by bare Express 5 with `express.json()`, which is what any
 * server built on Express pays before its own work. Forked by the agent-streaming bench:
 * `fork(this file, [modelBaseUrl])`; sends `{ port }` once listening.
 */
import express from 'express';
import { ModelProxyQuestions } from './model-proxy-questions';

const questions = new ModelProxyQuestions(process.argv[2] ?? '');
const app = express();
app.use(express.json());
app.post('/questions', (request, response) => {
  response.json({ id: questions.ask((request.body as { content: string }).content) });
});
app.get('/questions/:id/events', (request, response) => {
  if (!questions.listen(request.params.id, response)) response.status(404).end();
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
