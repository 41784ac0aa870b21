/**
 * Ceiling of the time to first token: the least a server between the client and the model can do
 * in raw `node:http`. `POST /questions` sends the model its request at once and answers with an id;
 * `GET /questions/:id/events` streams each token the model sends as a frame shaped like ours. No
 * validation, no log, no durability, no AI SDK: what is left is the two extra hops and the process
 * in between, on this machine, in the same run. Forked by the agent-streaming bench:
 * `fork(this file, [modelBaseUrl])`; sends `{ port }` once listening.
 */
import { Agent, createServer, request, type ServerResponse } from 'node:http';
import { SseBlocks } from '../../test/support/sse-blocks';

interface Question {
  readonly frames: string[];
  readonly listeners: ServerResponse[];
}

const modelUrl = new URL(`${process.argv[2] ?? ''}/responses`);
const agent = new Agent({ keepAlive: true });
const questions = new Map<string, Question>();
let asked = 0;

function askModel(question: Question, content: string): void {
  const body = Buffer.from(JSON.stringify({ model: 'gpt-4o-mini', stream: true, input: [{ role: 'user', content }] }));
  const sent = request(
    modelUrl,
    { method: 'POST', agent, headers: { authorization: 'Bearer sk-bench', 'content-type': 'application/json', 'content-length': String(body.length) } },
    (response) => {
      response.setEncoding('utf8');
      const blocks = new SseBlocks((block) => {
        const frame = frameOf(block);
        if (frame === null) return;
        question.frames.push(frame);
        for (const listener of question.listeners) listener.write(frame);
      });
      response.on('data', (chunk: string) => blocks.push(chunk));
    },
  );
  sent.end(body);
}

/** The frame a client gets for one SSE block of the model's answer, if any. */
function frameOf(block: string): string | null {
  const line = block.split('\n').find((candidate) => candidate.startsWith('data: '));
  if (line === undefined) return null;
  const event = JSON.parse(line.slice(6)) as { type: string; delta?: string };
  if (event.type === 'response.output_text.delta') {
    return `data: ${JSON.stringify({ data: { type: 'generation_tokens', created: Date.now(), text: event.delta } })}\n\n`;
  }
  return event.type === 'response.completed' ? 'data: done\n\n' : null;
}

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { content } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { content: string };
      asked += 1;
      const id = String(asked);
      const question: Question = { frames: [], listeners: [] };
      questions.set(id, question);
      askModel(question, content);
      const answer = JSON.stringify({ id });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
    });
    return;
  }
  const question = questions.get(/^\/questions\/([^/]+)\/events$/.exec(req.url ?? '')?.[1] ?? '');
  if (question === undefined) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.flushHeaders();
  for (const frame of question.frames) res.write(frame);
  question.listeners.push(res);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
