/**
 * Agent streaming figures, with the real api in a child process (support/agent-streaming-server.ts)
 * and the fake OpenAI server (Responses API) plus the SSE clients in this one:
 * 1. Time to first token our server adds over the model: from POST conversation to the model request
 *    (pre-model: request handling, read-your-writes wait, claim, prompt), and from the model writing
 *    its first token to the SSE client reading it (token path: coalescer, append, subscription, SSE).
 *    The same runs through a minimal proxy (support/minimal-model-proxy.ts) give the ceiling: what
 *    any server between the client and the model adds on this machine.
 * 2. One agent message watched by 1,000 SSE listeners: delivery latency of token frames (server append
 *    time `created` to client receipt, ms clock shared by both processes) and server memory per
 *    connection (`process.memoryUsage()` deltas in the server process after a forced GC).
 * The POSTs and the SSE listeners go through node's http client, not `fetch`, whose own delays
 * (sending on a later turn of the loop, web stream reads) would be counted as the server's.
 * Build and run: `npm run build:bench && npx node dist/bench/agent-streaming.bench.js` (Node 24).
 * `--fan-out-only` skips the time to first token; `--server-cpu-prof=<dir>` writes a CPU profile of
 * the api process there (both for looking into one figure, not for RESULTS.md).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { FakeOpenAIServer } from '../test/support/fake-openai-server';
import { percentiles } from './support/load';
import { recordFigure } from './support/results';
import { serviceNodeFlags } from './support/service-node-flags';
import type { Memory, ServerInfo } from './support/agent-streaming-server';
import { collectGarbage } from './support/collect-garbage';
import { postJson } from './support/post-json';
import { listenSse } from './support/sse-listener';

const TTFT_RUNS = 50;
const WARMUP_RUNS = 5;
const LISTENERS = 1000;
const context = { username: 'bench', timezone: 'UTC', origin: 'api' };

/** When the fake model wrote its first answer token (patched write: exact, no timer guesswork). */
let firstTokenWrittenAt: number | null = null;
function watchTokenWrites(): void {
  const original = ServerResponse.prototype.write;
  ServerResponse.prototype.write = function write(this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (firstTokenWrittenAt === null && typeof chunk === 'string' && chunk.includes('response.output_text.delta')) {
      firstTokenWrittenAt = performance.now();
    }
    return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof original;
}

function ask<T>(child: ChildProcess, cmd: string, key: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: Record<string, T>) => {
      if (!(key in message)) return;
      child.off('message', onMessage);
      resolve(message[key]);
    };
    child.on('message', onMessage);
    child.send({ cmd });
  });
}

async function createConversation(server: ServerInfo, content: string): Promise<{ conversationId: string; agentMessageId: string }> {
  const { body } = await postJson<{ conversation: { sId: string; content: { type: string; sId: string }[][] } }>(
    `${server.baseUrl}/api/v1/w/${server.workspaceId}/assistant/conversations`,
    { authorization: `Bearer ${server.apiKey}` },
    { title: 'bench', message: { content, mentions: [{ configurationId: 'dust' }], context } },
  );
  const agent = body.conversation.content.flat().find((m) => m.type === 'agent_message');
  if (!agent) throw new Error(`no agent message: ${JSON.stringify(body)}`);
  return { conversationId: body.conversation.sId, agentMessageId: agent.sId };
}

/** The URL of an agent message's SSE stream. */
function eventsUrl(server: ServerInfo, ids: { conversationId: string; agentMessageId: string }): string {
  return `${server.baseUrl}/api/v1/w/${server.workspaceId}/assistant/conversations/${ids.conversationId}/messages/${ids.agentMessageId}/events`;
}

/**
 * Reads one SSE stream until `done`; calls `onFrame` with each payload at receipt. The reader is
 * node's http client (see listenSse): what is measured is the server's delivery, not the cost of
 * 1,000 `fetch` bodies in one client process.
 */
async function listen(
  url: string,
  headers: Record<string, string>,
  onOpen: () => void,
  onFrame: (data: { type: string; created: number; text?: string }) => void,
): Promise<void> {
  await listenSse(url, headers, onOpen, (block) => {
    for (const line of block.split('\n')) {
      if (line === 'data: done') return 'stop';
      if (line.startsWith('data: ')) onFrame((JSON.parse(line.slice(6)) as { data: { type: string; created: number } }).data);
    }
  });
}

/** A server the question goes through: ours, or the minimal proxy that gives the ceiling. */
interface QuestionTarget {
  readonly headers: Record<string, string>;
  /** Posts the question; resolves with the URL of the stream its answer comes on. */
  ask(content: string): Promise<string>;
  /** Runs near the end of the warm-up (see timeToFirstToken). */
  beforeLastWarmUp?(): Promise<unknown>;
}

function ourServer(server: ServerInfo, child: ChildProcess): QuestionTarget {
  return {
    headers: { authorization: `Bearer ${server.apiKey}` },
    ask: async (content) => eventsUrl(server, await createConversation(server, content)),
    beforeLastWarmUp: () => ask<Memory>(child, 'memory', 'memory'),
  };
}

function minimalProxy(port: number): QuestionTarget {
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    headers: {},
    ask: async (content) => `${baseUrl}/questions/${(await postJson<{ id: string }>(`${baseUrl}/questions`, {}, { content })).body.id}/events`,
  };
}

async function timeToFirstToken(target: QuestionTarget, fake: FakeOpenAIServer) {
  const preModel: number[] = [];
  const tokenPath: number[] = [];
  const total: number[] = [];
  for (let run = 0; run < WARMUP_RUNS + TTFT_RUNS; run += 1) {
    let requestAt = 0;
    firstTokenWrittenAt = null;
    // The stall lets the SSE client connect first, so the token path is measured from a live stream.
    // The first token leaves with the item that opens the answer; the next ones follow 10 ms apart,
    // as a model generates them (tens of ms per token). Sent in one burst, the whole answer is there
    // at once, and the first token's frame waits while the AI SDK parses the rest of it (token path
    // p50 5.1 and 6.6 ms that way against 3.5 and 4.6 ms with the tokens apart, 2 alternating pairs).
    fake.setResolver(() => {
      requestAt = performance.now();
      return { steps: [{ type: 'stall', ms: 150 }, { type: 'text', tokens: ['Hello', ' world', '!'], gapMs: 10 }] };
    });
    const postedAt = performance.now();
    const url = await target.ask(`question ${run}`);
    let openedAt = 0;
    let firstFrameAt = 0;
    await listen(url, target.headers, () => (openedAt = performance.now()), (data) => {
      if (data.type === 'generation_tokens' && firstFrameAt === 0) firstFrameAt = performance.now();
    });
    // Near the end of the warm-up, the api collects its garbage once (as the memory figure does):
    // what it made while starting and serving its first requests (module loading, first
    // compilations) otherwise sits in its young generation until two scavenges have copied it (7.5
    // and 11 ms here, 8 MB promoted by the second), and they land in measured runs. A server up for
    // a while paid them long ago. The run right after a full collection is itself slow (sweeping,
    // cold caches), so one warm-up run follows it.
    if (run === WARMUP_RUNS - 2) await target.beforeLastWarmUp?.();
    if (run < WARMUP_RUNS) continue;
    if (firstTokenWrittenAt === null || openedAt > firstTokenWrittenAt) throw new Error('SSE opened after the first token');
    preModel.push(requestAt - postedAt);
    tokenPath.push(firstFrameAt - firstTokenWrittenAt);
    total.push(requestAt - postedAt + (firstFrameAt - firstTokenWrittenAt));
  }
  return { runs: TTFT_RUNS, addedMs: percentiles(total), preModelMs: percentiles(preModel), tokenPathMs: percentiles(tokenPath) };
}

async function fanOut(server: ServerInfo, fake: FakeOpenAIServer, child: ChildProcess) {
  const tokens = Array.from({ length: 200 }, (_, i) => `w${i} `);
  fake.setResolver(() => ({ steps: [{ type: 'stall', ms: 8_000 }, { type: 'text', tokens, delayMs: 10 }] }));
  const before = await ask<Memory>(child, 'memory', 'memory');
  const ids = await createConversation(server, 'fan out');
  let opened = 0;
  let allOpen: () => void = () => undefined;
  const everyoneConnected = new Promise<void>((resolve) => (allOpen = resolve));
  const latencies: number[] = [];
  // How much of the expected text each listener has read in order, or -1 once a frame did not match.
  // Checked frame by frame rather than kept: 1,000 growing strings would be the client's garbage.
  const expected = tokens.join('');
  const received = new Array<number>(LISTENERS).fill(0);
  const done = Promise.all(
    Array.from({ length: LISTENERS }, (_, listener) =>
      listen(
        eventsUrl(server, ids),
        { authorization: `Bearer ${server.apiKey}` },
        () => {
          opened += 1;
          if (opened === LISTENERS) allOpen();
        },
        (data) => {
          if (data.type !== 'generation_tokens') return;
          latencies.push(Date.now() - data.created);
          const text = data.text ?? '';
          const at = received[listener] ?? -1;
          received[listener] = at >= 0 && expected.startsWith(text, at) ? at + text.length : -1;
        },
      ),
    ),
  );
  await everyoneConnected;
  // The client's own 1,000 new connections are promoted out of its young generation now, while the
  // model stalls: left to happen during the stream, those two scavenges (12-18 ms each) were counted
  // as delivery latency.
  collectGarbage();
  const connected = await ask<Memory>(child, 'memory', 'memory');
  // CPU time of each side while the tokens flow: what delivery costs, whatever else the machine runs.
  const serverCpuBefore = await ask<NodeJS.CpuUsage>(child, 'cpu', 'cpu');
  const clientCpuBefore = process.cpuUsage();
  await done;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const serverCpuAfter = await ask<NodeJS.CpuUsage>(child, 'cpu', 'cpu');
  const complete = received.filter((length) => length === expected.length).length;
  const perConnection = (key: keyof Memory) => Math.round((connected[key] - before[key]) / LISTENERS);
  return {
    listeners: LISTENERS,
    listenersWithFullText: complete,
    tokenFrames: latencies.length,
    framesPerListener: Math.round(latencies.length / LISTENERS),
    deliveryLatencyMs: percentiles(latencies),
    cpuMsPerFrame: {
      server: cpuMsPerFrame(serverCpuAfter.user + serverCpuAfter.system - serverCpuBefore.user - serverCpuBefore.system, latencies.length / LISTENERS),
      clientsAndModel: cpuMsPerFrame(clientCpu.user + clientCpu.system, latencies.length / LISTENERS),
    },
    serverMemoryPerConnectionBytes: { rss: perConnection('rss'), heapUsed: perConnection('heapUsed'), external: perConnection('external') },
  };
}

/** Runs `measure` against the minimal proxy (support/minimal-model-proxy.ts) in a process of its own. */
async function withMinimalProxy<T>(fake: FakeOpenAIServer, measure: (port: number) => Promise<T>): Promise<T> {
  const proxy = fork(join(__dirname, 'support', 'minimal-model-proxy.js'), [fake.baseUrl], { execArgv: serviceNodeFlags(), stdio: 'inherit' });
  try {
    const port = await new Promise<number>((resolve) => proxy.once('message', (message: { port: number }) => resolve(message.port)));
    return await measure(port);
  } finally {
    proxy.kill();
  }
}

/** CPU milliseconds per token frame (sent to every listener) from microseconds in total. */
function cpuMsPerFrame(totalMicros: number, frames: number): number {
  return Math.round(totalMicros / frames / 100) / 10;
}

async function main(args: string[]): Promise<void> {
  const fake = await FakeOpenAIServer.start();
  watchTokenWrites();
  const profileDir = args.find((arg) => arg.startsWith('--server-cpu-prof='))?.slice('--server-cpu-prof='.length);
  const execArgv = ['--expose-gc', ...serviceNodeFlags(), ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
  const child = fork(join(__dirname, 'support', 'agent-streaming-server.js'), [fake.baseUrl], { execArgv, stdio: 'inherit' });
  try {
    const server = await new Promise<ServerInfo>((resolve) => child.on('message', (m: { ready?: ServerInfo }) => m.ready && resolve(m.ready)));
    if (!args.includes('--fan-out-only')) {
      const ttft = await timeToFirstToken(ourServer(server, child), fake);
      console.log(JSON.stringify({ bench: 'agent time to first token added by the server (fake model, Responses API)', ...ttft }));
      const floor = await withMinimalProxy(fake, (port) => timeToFirstToken(minimalProxy(port), fake));
      console.log(JSON.stringify({ bench: 'time to first token added by a minimal proxy (raw node:http)', ...floor }));
      const split = (of: typeof ttft) => `pre-model p50 ${of.preModelMs.p50} ms / p99 ${of.preModelMs.p99} ms, token path p50 ${of.tokenPathMs.p50} ms / p99 ${of.tokenPathMs.p99} ms, ${of.runs} runs`;
      const ceiling = `a minimal proxy adds p50 ${floor.addedMs.p50} ms / p99 ${floor.addedMs.p99} ms in this run`;
      recordFigure({ name: 'time to first token added by our server over the model server: p50', value: ttft.addedMs.p50, unit: 'ms', target: { below: 5 }, detail: `${split(ttft)}; ${ceiling}` });
      recordFigure({ name: 'time to first token added by our server over the model server: p99', value: ttft.addedMs.p99, unit: 'ms', target: { below: 15 } });
      recordFigure({
        name: 'time to first token added by a minimal proxy (raw node:http: no validation, log, durability or AI SDK): p50',
        value: floor.addedMs.p50,
        unit: 'ms',
        detail: `p99 ${floor.addedMs.p99} ms; ${split(floor)}; what any server between client and model adds on this machine`,
      });
    }
    const fan = await fanOut(server, fake, child);
    console.log(JSON.stringify({ bench: `agent message SSE fan-out, ${LISTENERS} listeners`, ...fan }));
    const complete = `${fan.listenersWithFullText}/${LISTENERS} listeners got the full text, ${fan.tokenFrames} token frames`;
    recordFigure({ name: `${LISTENERS} SSE listeners on one agent message: delivery p99`, value: fan.deliveryLatencyMs.p99, unit: 'ms', target: { below: 50 }, detail: `p50 ${fan.deliveryLatencyMs.p50} ms, max ${fan.deliveryLatencyMs.max} ms; ${complete}` });
    const memory = fan.serverMemoryPerConnectionBytes;
    recordFigure({ name: `${LISTENERS} SSE listeners on one agent message: server RSS per connection`, value: Math.round(memory.rss / 102.4) / 10, unit: 'KB', target: { below: 100 }, detail: `heap ${Math.round(memory.heapUsed / 1024)} KB, external ${Math.round(memory.external / 1024)} KB per connection` });
  } finally {
    child.send({ cmd: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
    await fake.close();
  }
}

void main(process.argv.slice(2));
