/**
 * Round trip of one client-side MCP tool call, with the real api in this process: the run side
 * (McpChannel, as an agent run uses it) appends a request; a client-side server (an SSE reader that
 * answers at once over HTTP) receives it on the requests stream and posts the result; the run wakes
 * on the result event. p50/p99 over 200 sequential calls to one server, then the same with 50
 * servers connected at once (calls spread over them), and 50 calls at once (one per server).
 * Build and run: `npm run build:bench && npx node dist/bench/mcp-round-trip.bench.js` (Node 24).
 */
import { performance } from 'node:perf_hooks';
import { McpChannel } from '../apps/api/src/mcp/client/mcp-channel';
import type { McpServerRef } from '../apps/api/src/mcp/mcp-servers';
import { ReadModels } from '../apps/api/src/event-sourcing/reading/read-models';
import { startTestApp, type TestApp } from '../test/support/test-app';
import { percentiles } from './support/load';
import { recordFigure } from './support/results';
import { runBench } from './support/run-bench';
import { forEachSseBlock } from '../test/support/sse-blocks';

const CALLS = 200;
const WARMUP = 20;
const SERVERS = 50;
const origin = { conversationId: 'b3nchconv1', messageId: 'b3nchmess1' };

/** A client-side server: reads its requests stream and posts each result as soon as it is read. */
class Responder {
  readonly delivered = new Map<string, number>();
  private readonly controller = new AbortController();
  private readonly opened: Promise<void>;

  constructor(
    private readonly t: TestApp,
    private readonly workspaceId: string,
    private readonly key: string,
    readonly serverId: string,
  ) {
    this.opened = this.listen();
  }

  ready(): Promise<void> {
    return this.opened;
  }

  close(): void {
    this.controller.abort();
  }

  private async listen(): Promise<void> {
    const url = `${this.t.baseUrl}/api/v1/w/${this.workspaceId}/mcp/requests?serverId=${encodeURIComponent(this.serverId)}`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${this.key}` }, signal: this.controller.signal });
    if (response.status !== 200) throw new Error(`requests stream: ${response.status}`);
    void forEachSseBlock(response.body!, (block) => {
      if (!block.startsWith('data: {')) return;
      const { data } = JSON.parse(block.slice(6)) as { data: { id: string } };
      this.delivered.set(data.id, performance.now());
      void this.answer(data.id);
    }).catch(() => undefined); // Closed by the bench.
  }

  private async answer(id: string): Promise<void> {
    const response = await fetch(`${this.t.baseUrl}/api/v1/w/${this.workspaceId}/mcp/results`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ serverId: this.serverId, result: { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'ok' }] } } }),
    });
    if (response.status !== 200) throw new Error(`results: ${response.status} ${await response.text()}`);
  }
}

async function register(t: TestApp, workspaceId: string, key: string, name: string): Promise<string> {
  const response = await fetch(`${t.baseUrl}/api/v1/w/${workspaceId}/mcp/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ serverName: name }),
  });
  return ((await response.json()) as { serverId: string }).serverId;
}

interface Sample {
  readonly totalMs: number;
  readonly deliveryMs: number;
}

/** One call: request appended → delivered on the stream → result posted → run woken. */
async function roundTrip(channel: McpChannel, target: McpServerRef, responder: Responder, n: number): Promise<Sample> {
  const id = `mcp_req_${origin.conversationId}_${origin.messageId}_${Date.now()}_${n}`;
  const startedAt = performance.now();
  await channel.request(target, origin, id, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: {} } }, {
    timeoutMs: 30_000,
    signal: new AbortController().signal,
  });
  const endedAt = performance.now();
  return { totalMs: endedAt - startedAt, deliveryMs: (responder.delivered.get(id) ?? endedAt) - startedAt };
}

function record(name: string, samples: readonly Sample[], target: { p50: number; p99: number }): void {
  const total = percentiles(samples.map((s) => s.totalMs));
  const delivery = percentiles(samples.map((s) => s.deliveryMs));
  const detail = `${samples.length} calls; request appended → delivered on the stream p50 ${delivery.p50} ms, p99 ${delivery.p99} ms; max ${total.max} ms`;
  recordFigure({ name: `${name}: p50`, value: total.p50, unit: 'ms', target: { below: target.p50 }, detail });
  recordFigure({ name: `${name}: p99`, value: total.p99, unit: 'ms', target: { below: target.p99 } });
}

async function main(): Promise<void> {
  const t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', RATE_LIMIT_PER_KEY: 'off', RATE_LIMIT_PER_WORKSPACE: 'off' });
  const responders: Responder[] = [];
  try {
    const { workspaceId } = await t.createWorkspace('bench');
    const key = await t.createKey(workspaceId, 'user', 'bench@example.com');
    const [apiKey] = await t.app.get(ReadModels).find<{ userId: string }>('apiKeys', { where: { workspaceId, role: 'user' } });
    const channel = t.app.get(McpChannel);
    const connect = async (name: string): Promise<{ target: McpServerRef; responder: Responder }> => {
      const serverId = await register(t, workspaceId, key, name);
      const responder = new Responder(t, workspaceId, key, serverId);
      responders.push(responder);
      await responder.ready();
      return { target: { workspaceId, userId: apiKey.userId, serverId }, responder };
    };

    const one = await connect('Bench server');
    for (let n = 0; n < WARMUP; n += 1) await roundTrip(channel, one.target, one.responder, n);
    const single: Sample[] = [];
    for (let n = 0; n < CALLS; n += 1) single.push(await roundTrip(channel, one.target, one.responder, WARMUP + n));
    record('MCP tool call round trip, one server', single, { p50: 25, p99: 100 });

    const many = [one];
    for (let i = 1; i < SERVERS; i += 1) many.push(await connect('Bench server'));
    const spread: Sample[] = [];
    for (let n = 0; n < CALLS; n += 1) {
      const { target, responder } = many[n % SERVERS];
      spread.push(await roundTrip(channel, target, responder, 10_000 + n));
    }
    record(`MCP tool call round trip, ${SERVERS} servers connected`, spread, { p50: 25, p99: 100 });

    const concurrent: Sample[] = [];
    for (let round = 0; round < CALLS / SERVERS; round += 1) {
      concurrent.push(...(await Promise.all(many.map(({ target, responder }, i) => roundTrip(channel, target, responder, 20_000 + round * SERVERS + i)))));
    }
    record(`MCP tool call round trip, ${SERVERS} calls at once (one per server)`, concurrent, { p50: 250, p99: 750 });
  } finally {
    for (const responder of responders) responder.close();
    await t.close();
  }
}

runBench(main);
