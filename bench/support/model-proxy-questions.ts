import { Agent, request, type ServerResponse } from 'node:http';
import { SseBlocks } from '../../test/support/sse-blocks';

interface Question {
  readonly frames: string[];
  readonly listeners: ServerResponse[];
}

/**
 * What the time-to-first-token ceilings do, whatever serves them (raw node:http or bare Express):
 * a question is sent to the model at once, and each token the model sends goes out as a frame
 * shaped like ours to whoever listens. No validation, no log, no durability, no AI SDK.
 */
export class ModelProxyQuestions {
  private readonly modelUrl: URL;
  private readonly agent = new Agent({ keepAlive: true });
  private readonly questions = new Map<string, Question>();
  private asked = 0;

  constructor(modelBaseUrl: string) {
    this.modelUrl = new URL(`${modelBaseUrl}/responses`);
  }

  /** Sends the question to the model; returns its id. */
  ask(content: string): string {
    this.asked += 1;
    const id = String(this.asked);
    const question: Question = { frames: [], listeners: [] };
    this.questions.set(id, question);
    this.askModel(question, content);
    return id;
  }

  /** Streams the answer of question `id` on `response` (false when there is no such question). */
  listen(id: string, response: ServerResponse): boolean {
    const question = this.questions.get(id);
    if (question === undefined) return false;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.flushHeaders();
    for (const frame of question.frames) response.write(frame);
    question.listeners.push(response);
    return true;
  }

  private askModel(question: Question, content: string): void {
    const body = Buffer.from(JSON.stringify({ model: 'gpt-4o-mini', stream: true, input: [{ role: 'user', content }] }));
    const sent = request(
      this.modelUrl,
      { method: 'POST', agent: this.agent, headers: { authorization: 'Bearer sk-bench', 'content-type': 'application/json', 'content-length': String(body.length) } },
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
