// Traces one agent run end to end: the code it executes and the storage calls it makes.
//   npm run build && ./node_modules/.bin/node scripts/trace-agent-message.mjs [--json]
//
// Boots the BUILT api (dist/) in this process on a fresh temp data directory (embedded SQLite
// stores), with a scripted OpenAI-compatible model (Responses and chat completions wire) and a
// remote MCP server on local ports. The workspace comes from the CLI (`workspace create`); over HTTP
// it then sets up a space, a data source with one document, the remote MCP server and its view, and
// an agent whose toolset holds both; then a conversation whose first message mentions the agent (a
// warm-up run, so module loading and first reads are not measured).
//
// Once nothing touches the stores, it measures an idle window (IDLE_MS, no request: what timers do
// on their own), then ONE `POST /api/v1/w/{wId}/assistant/conversations/{cId}/messages` mentioning
// the agent and the run it triggers (the model calls the data source search tool and the MCP
// server's tool, then answers). The window closes TAIL_MS after the stores went quiet for QUIET_MS;
// the message's status is checked over HTTP only then (if the run was not over, the window reopens
// and the output says the check fell inside it).
//
// Prints: the source files of apps/ and libs/ with a function called in the window (V8 precise
// coverage, call counts; dist paths mapped back to the sources; files where only swc's export
// getters ran are marked), the read store's calls by method and collection, the event store's by
// method and stream category, the events appended, the reads of the agent's configuration (read
// model `agent_configurations*` or its stream), and the caller chain of every store call. Calls
// whose key and caller chain the idle window showed too are background (the projector's timers):
// listed apart, left out of the counts.
//
// The counting wraps the methods of the READ_STORE and EVENT_STORE instances of the Nest app (every
// service holds these). It depends only on stable surfaces (HTTP, the CLI, createApp and
// loadApiConfig, the storage tokens), so it runs on older commits too: in a worktree of the commit,
// link node_modules, copy this file in, `npm run build`, run it there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const require = createRequire(join(root, 'package.json'));
const asJson = process.argv.includes('--json');
const QUIET_MS = 500;
const RUN_TIMEOUT_MS = 30_000;
/** Longer than two periods of the projector's 1-second timers (generation check, sweep). */
const IDLE_MS = 2_200;
/** The window stays open this long after the stores go quiet. */
const TAIL_MS = 1_100;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
Error.stackTraceLimit = 30;

// ---------------------------------------------------------------------------------------------
// A scripted model: the first agent request calls every offered tool whose name matches one of
// TOOL_ARGS, the request carrying their results gets a text answer; title requests get a title.
const TOOL_ARGS = [
  [/search/, { query: 'paid leave days' }],
  [/lookup_order/, { orderId: 'B-7' }],
];

function toolNames(body) {
  return (Array.isArray(body.tools) ? body.tools : []).map((tool) => tool.name ?? tool.function?.name).filter((name) => typeof name === 'string');
}

/** What the model answers: { text } or { calls: [{ name, args }] }. */
function answerFor(body) {
  const text = JSON.stringify(body);
  if (text.includes('conversation title')) return { text: 'Leave and orders' };
  const hasToolResults = text.includes('"function_call_output"') || text.includes('"role":"tool"');
  if (!hasToolResults) {
    const calls = [];
    for (const name of toolNames(body)) {
      const match = TOOL_ARGS.find(([pattern]) => pattern.test(name));
      if (match && !calls.some((call) => match[0].test(call.name))) calls.push({ name, args: match[1] });
    }
    if (calls.length > 0) return { calls };
  }
  return { text: 'You get 25 days of paid leave, and order B-7 has shipped.' };
}

async function startFakeModel() {
  const requests = [];
  let counter = 0;
  const id = (prefix) => `${prefix}_${String(++counter).padStart(6, '0')}`;
  const usage = { input_tokens: 100, input_tokens_details: { cached_tokens: 0 }, output_tokens: 20, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 120 };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        // not JSON: answered as an empty request
      }
      const path = (req.url ?? '').split('?')[0];
      requests.push(path);
      const answer = answerFor(body);
      const model = typeof body.model === 'string' ? body.model : 'fake-model';
      if (path.endsWith('/responses')) return answerResponses(res, body, answer, model);
      if (path.endsWith('/chat/completions')) return answerChat(res, body, answer, model);
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${path}`, type: 'invalid_request_error' } }));
    });
  });

  function outputItems(answer) {
    if (answer.calls) return answer.calls.map((call) => ({ type: 'function_call', id: id('fc'), call_id: id('call'), name: call.name, arguments: JSON.stringify(call.args), status: 'completed' }));
    return [{ type: 'message', id: id('msg'), status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: answer.text, annotations: [] }] }];
  }

  function answerResponses(res, body, answer, model) {
    const items = outputItems(answer);
    const base = { id: id('resp'), object: 'response', created_at: Math.floor(Date.now() / 1000), model };
    if (body.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...base, status: 'completed', output: items, usage }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    let sequence = 0;
    const emit = (type, fields) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: ++sequence, ...fields })}\n\n`);
    emit('response.created', { response: { ...base, status: 'in_progress', output: [] } });
    emit('response.in_progress', { response: { ...base, status: 'in_progress', output: [] } });
    for (const [index, item] of items.entries()) {
      if (item.type === 'message') {
        const text = item.content[0].text;
        emit('response.output_item.added', { output_index: index, item: { ...item, status: 'in_progress', content: [] } });
        emit('response.content_part.added', { item_id: item.id, output_index: index, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
        for (const token of text.split(/(?<= )/)) emit('response.output_text.delta', { item_id: item.id, output_index: index, content_index: 0, delta: token, logprobs: [] });
        emit('response.output_text.done', { item_id: item.id, output_index: index, content_index: 0, text });
      } else {
        emit('response.output_item.added', { output_index: index, item: { ...item, arguments: '', status: 'in_progress' } });
        emit('response.function_call_arguments.delta', { item_id: item.id, output_index: index, delta: item.arguments });
        emit('response.function_call_arguments.done', { item_id: item.id, output_index: index, arguments: item.arguments });
      }
      emit('response.output_item.done', { output_index: index, item });
    }
    emit('response.completed', { response: { ...base, status: 'completed', output: items, usage } });
    res.end();
  }

  function answerChat(res, body, answer, model) {
    const base = { id: id('chatcmpl'), object: 'chat.completion', created: Math.floor(Date.now() / 1000), model };
    const toolCalls = answer.calls?.map((call, index) => ({ index, id: id('call'), type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } }));
    const finish = toolCalls ? 'tool_calls' : 'stop';
    const chatUsage = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };
    if (body.stream !== true) {
      const message = toolCalls ? { role: 'assistant', content: null, tool_calls: toolCalls.map(({ index: _index, ...call }) => call) } : { role: 'assistant', content: answer.text };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...base, choices: [{ index: 0, message, finish_reason: finish }], usage: chatUsage }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta, finishReason = null, extra = {}) =>
      res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`);
    chunk({ role: 'assistant', content: '' });
    if (toolCalls) chunk({ tool_calls: toolCalls });
    else for (const token of answer.text.split(/(?<= )/)) chunk({ content: token });
    chunk({}, finish);
    if (body.stream_options?.include_usage === true) res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage: chatUsage })}\n\n`);
    res.end('data: [DONE]\n\n');
  }

  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    requests,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

// ---------------------------------------------------------------------------------------------
// A remote MCP server (streamable HTTP, stateless) with one read-only tool.
async function startRemoteMcpServer() {
  const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
  const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const { z } = require('zod');
  const calls = [];
  const server = createServer((request, response) => {
    void (async () => {
      const chunks = [];
      for await (const chunk of request) chunks.push(chunk);
      const body = request.method === 'POST' ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      const mcp = new McpServer({ name: 'orders', version: '1.0.0' });
      mcp.registerTool('lookup_order', { description: 'Looks an order up.', inputSchema: { orderId: z.string() }, annotations: { readOnlyHint: true } }, async ({ orderId }) => {
        calls.push(orderId);
        return { content: [{ type: 'text', text: `Order ${orderId} shipped.` }] };
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      response.on('close', () => void transport.close().then(() => mcp.close()));
      await mcp.connect(transport);
      await transport.handleRequest(request, response, body);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    calls,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

// ---------------------------------------------------------------------------------------------
// Counting wrappers, installed on the store instances themselves (every service holds them).

/** `agent_message-abc` → `agent_message`; the hyphenated categories of the data source streams kept whole. */
function streamCategory(streamName) {
  const hyphenated = /^(data-source-document|data-source-table|data-sources)-/.exec(streamName);
  if (hyphenated) return hyphenated[1];
  const dash = streamName.indexOf('-');
  return dash === -1 ? streamName : streamName.slice(0, dash);
}

const distPrefixes = [join(dist, 'apps') + sep, join(dist, 'libs') + sep];
const storagePrefix = join(dist, 'libs', 'storage') + sep;

/** `dist/apps/api/src/x.js` → `apps/api/src/x.ts` (the source beside the root), or null outside apps/ and libs/. */
function sourceOf(file) {
  if (!distPrefixes.some((prefix) => file.startsWith(prefix))) return null;
  const rel = relative(dist, file).split(sep).join('/');
  for (const ext of ['.ts', '.tsx', '.js', '.mjs']) {
    const candidate = rel.replace(/\.js$/, ext);
    if (existsSync(join(root, candidate))) return candidate;
  }
  return rel;
}

/**
 * The first CALLER_FRAMES frames of the stack in apps/ or libs/ outside libs/storage, innermost
 * first, as `function (source)` joined by ` <- ` (frames past an await show only when V8's async
 * stack traces keep them).
 */
const CALLER_FRAMES = 3;
function callerOf(stack) {
  const frames = [];
  for (const line of stack.split('\n').slice(1)) {
    const match = /at (?:async )?(?:(.*?) \()?(\/[^():]+):\d+:\d+\)?$/.exec(line.trim());
    if (!match) continue;
    const [, fn, file] = match;
    if (file.startsWith(storagePrefix)) continue;
    const source = sourceOf(file);
    if (source === null) continue;
    frames.push(`${fn ?? '<anonymous>'} (${source})`);
    if (frames.length === CALLER_FRAMES) break;
  }
  return frames.length > 0 ? frames.join(' <- ') : '<no app frame>';
}

/** Counts store calls by key (`read.get <collection>`, `event.append <category>`…) and by caller chain. */
class Recorder {
  constructor() {
    this.recording = false;
    this.lastActivity = Date.now();
    this.reset();
  }
  reset() {
    /** key → caller chain → calls */
    this.calls = new Map();
    this.appendedTypes = new Map();
  }
  note(key) {
    this.lastActivity = Date.now();
    if (!this.recording) return;
    const perKey = this.calls.get(key) ?? new Map();
    const caller = callerOf(new Error().stack ?? '');
    perKey.set(caller, (perKey.get(caller) ?? 0) + 1);
    this.calls.set(key, perKey);
  }
  snapshot() {
    return { calls: new Map([...this.calls].map(([key, value]) => [key, new Map(value)])), appendedTypes: new Map(this.appendedTypes) };
  }
}

function wrapReadStore(store, recorder, agentId) {
  const methods = ['ensureCollection', 'dropCollection', 'listCollections', 'get', 'getMany', 'find', 'count', 'put', 'delete', 'commit', 'getCheckpoint', 'ping', 'openBulkWriter'];
  for (const method of methods) {
    const original = store[method];
    if (typeof original !== 'function') continue;
    store[method] = function (...args) {
      let key;
      if (method === 'commit') {
        const unit = args[0] ?? {};
        const collections = [...new Set([...(unit.puts ?? []), ...(unit.deletes ?? [])].map((write) => write.collection))].sort();
        key = `read.commit ${collections.join(',') || '(checkpoint only)'}`;
      } else if (typeof args[0] === 'string' && method !== 'getCheckpoint') {
        key = `read.${method} ${args[0]}`;
      } else {
        key = `read.${method}`;
      }
      recorder.note(key);
      if (agentId.value && /agent_configuration/.test(String(args[0])) && (method === 'get' || method === 'getMany' || method === 'find')) {
        const ids = method === 'get' ? [args[1]] : method === 'getMany' ? [...(args[1] ?? [])] : [];
        const hit = method === 'find' ? JSON.stringify(args[1] ?? {}).includes(agentId.value) : ids.includes(agentId.value);
        if (hit) recorder.note(`agentConfig.read ${method} ${args[0]}`);
      }
      return original.apply(this, args);
    };
  }
}

function wrapEventStore(store, recorder, agentId) {
  const methods = ['append', 'readStream', 'readAll', 'subscribeToAll', 'subscribeToStream', 'watchCommits', 'headPosition', 'ping'];
  for (const method of methods) {
    const original = store[method];
    if (typeof original !== 'function') continue;
    store[method] = function (...args) {
      const streamName = typeof args[0] === 'string' ? args[0] : null;
      const key = streamName !== null ? `event.${method} ${streamCategory(streamName)}` : `event.${method}`;
      recorder.note(key);
      if (method === 'append' && recorder.recording) {
        for (const event of args[1] ?? []) {
          const typeKey = `${streamCategory(streamName)} ${event?.type}`;
          recorder.appendedTypes.set(typeKey, (recorder.appendedTypes.get(typeKey) ?? 0) + 1);
        }
      }
      if (method === 'readStream' && agentId.value && streamName?.includes(agentId.value)) recorder.note(`agentConfig.readStream ${streamCategory(streamName)}`);
      return original.apply(this, args);
    };
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers.

async function call(baseUrl, method, path, key, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // kept as text
  }
  return { status: response.status, body: parsed };
}

async function expectOk(what, promise) {
  const response = await promise;
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 500)}`);
  return response.body;
}

const CONTEXT = { username: 'ada', fullName: 'Ada Lovelace', timezone: 'UTC', origin: 'api' };

// ---------------------------------------------------------------------------------------------

async function main() {
  const createAppFile = join(dist, 'apps', 'api', 'src', 'create-app.js');
  if (!existsSync(createAppFile)) throw new Error(`${createAppFile} is missing: run \`npm run build\` first`);
  const { createApp } = require(createAppFile);
  const { loadApiConfig } = require(join(dist, 'apps', 'api', 'src', 'config', 'api-config.js'));
  const { READ_STORE, EVENT_STORE } = require(join(dist, 'libs', 'storage', 'src', 'index.js'));
  const pino = require('pino');

  const model = await startFakeModel();
  const mcp = await startRemoteMcpServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'wcs-trace-'));
  const env = {
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    BOOTSTRAP_WORKSPACE: 'false',
    OPENAI_API_KEY: 'sk-trace',
    OPENAI_BASE_URL: model.baseUrl,
    MCP_ALLOW_PRIVATE_NETWORKS: 'true',
    SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  };

  // The workspace and its admin key, through the CLI, before the app starts.
  const cli = spawnSync(process.execPath, [join(dist, 'apps', 'api', 'src', 'cli.js'), 'workspace', 'create', '--name', 'Trace'], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (cli.status !== 0) throw new Error(`cli workspace create: ${cli.status} ${cli.stderr}`);
  const { workspaceId, apiKey: key } = JSON.parse(cli.stdout.trim().split('\n').at(-1));

  const config = loadApiConfig(env);
  const app = await createApp(config, pino({ level: 'silent' }));
  await app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${app.getHttpServer().address().port}`;

  const recorder = new Recorder();
  const agentId = { value: null };
  wrapReadStore(app.get(READ_STORE), recorder, agentId);
  wrapEventStore(app.get(EVENT_STORE), recorder, agentId);

  const notes = [];
  try {
    const w = `/api/w/${workspaceId}`;
    const v1 = `/api/v1/w/${workspaceId}`;
    const space = await expectOk('create space', call(baseUrl, 'POST', `${w}/spaces`, key, { name: 'Handbook space', isRestricted: false }));
    const spaceId = space.space.sId;
    const actions = [];
    let mcpServerId = null;
    try {
      const created = await expectOk('create data source', call(baseUrl, 'POST', `${w}/spaces/${spaceId}/data_sources`, key, { name: 'Handbook' }));
      await expectOk(
        'upsert document',
        call(baseUrl, 'POST', `${w}/spaces/${spaceId}/data_sources/${created.dataSource.sId}/documents/leave`, key, {
          text: 'Employees get 25 days of paid leave per year.',
          title: 'Leave policy',
        }),
      );
      actions.push({ type: 'mcp_server_configuration', dataSources: [{ dataSourceViewId: created.dataSourceView.sId }] });
    } catch (error) {
      notes.push(`no data source view in the toolset (${error.message})`);
    }
    try {
      const registered = await expectOk('register remote MCP server', call(baseUrl, 'POST', `${v1}/mcp/remote_servers`, key, { url: mcp.url }));
      mcpServerId = registered.server.sId;
      const view = await expectOk('create MCP server view', call(baseUrl, 'POST', `${v1}/spaces/${spaceId}/mcp_server_views`, key, { serverId: mcpServerId }));
      actions.push({ type: 'mcp_server_configuration', mcpServerViewId: view.serverView.sId });
    } catch (error) {
      notes.push(`no remote MCP server view in the toolset (${error.message})`);
    }
    const assistant = {
      name: 'tracer',
      description: 'Answers about leave and orders.',
      instructions: 'Be precise.',
      pictureUrl: 'https://example.com/tracer.png',
      status: 'active',
      scope: 'visible',
      model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0.4 },
      maxStepsPerRun: 6,
      actions,
      tags: [],
      templateId: null,
      ...(mcpServerId ? { toolStakes: { servers: { [mcpServerId]: 'never_ask' } } } : {}),
    };
    const agent = await expectOk('create agent', call(baseUrl, 'POST', `${w}/assistant/agent_configurations`, key, { assistant }));
    agentId.value = agent.agentConfiguration.sId;

    // Warm-up: a conversation whose first message runs the agent once.
    const path = `/api/v1/w/${workspaceId}/assistant/conversations`;
    const conversation = await expectOk(
      'create conversation',
      call(baseUrl, 'POST', path, key, { title: 'Trace', message: { content: '@tracer How many days of leave? And order B-7?', mentions: [{ configurationId: agentId.value }], context: CONTEXT } }),
    );
    const conversationId = conversation.conversation.sId;
    const firstAgentMessage = conversation.conversation.content.flat().find((message) => message.type === 'agent_message');
    const statusOf = async (messageId) => {
      const got = await call(baseUrl, 'GET', `${path}/${conversationId}`, key);
      return got.body?.conversation?.content?.flat().find((message) => message.sId === messageId);
    };
    const deadline = Date.now() + RUN_TIMEOUT_MS;
    for (;;) {
      const message = await statusOf(firstAgentMessage.sId);
      if (message && message.status !== 'created') {
        if (message.status !== 'succeeded') throw new Error(`warm-up run ended ${message.status}: ${JSON.stringify(message.error ?? null)}`);
        break;
      }
      if (Date.now() > deadline) throw new Error('warm-up run did not end');
      await sleep(50);
    }
    const waitQuiet = async () => {
      while (Date.now() - recorder.lastActivity < QUIET_MS) await sleep(50);
    };
    await waitQuiet();

    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    const takeCoverage = async () => (await session.post('Profiler.takePreciseCoverage')).result;
    await takeCoverage(); // resets the counts

    // Idle window: what runs with no request (timers, pollers), for comparison.
    const idleStartedAt = Date.now();
    recorder.reset();
    recorder.recording = true;
    await sleep(IDLE_MS);
    recorder.recording = false;
    const idle = { storage: recorder.snapshot(), coverage: await takeCoverage(), ms: Date.now() - idleStartedAt };

    // The measured window.
    recorder.reset();
    await takeCoverage();
    const coverages = [];
    recorder.recording = true;
    const startedAt = Date.now();
    const posted = await call(baseUrl, 'POST', `${path}/${conversationId}/messages`, key, {
      content: '@tracer How many days of leave? And where is order B-7?',
      mentions: [{ configurationId: agentId.value }],
      context: CONTEXT,
    });
    if (posted.status !== 200) throw new Error(`post message: ${posted.status} ${JSON.stringify(posted.body)}`);
    const agentMessageId = posted.body.agentMessages[0].sId;
    let statusChecks = 0;
    let finalMessage;
    let measuredMs;
    for (;;) {
      await waitQuiet();
      measuredMs = recorder.lastActivity - startedAt;
      // A tail longer than the projector's 1-second timers: each fires in every window, so the
      // files they run are always listed (marked idle) and their store calls always left out.
      await sleep(TAIL_MS);
      recorder.recording = false;
      coverages.push(await takeCoverage());
      finalMessage = await statusOf(agentMessageId);
      if (finalMessage && finalMessage.status !== 'created') break;
      if (Date.now() - startedAt > RUN_TIMEOUT_MS) throw new Error('the measured run did not end');
      statusChecks += 1; // the check's own work falls in the reopened window
      recorder.recording = true;
    }
    const storage = recorder.snapshot();
    await session.post('Profiler.stopPreciseCoverage');
    session.disconnect();
    if (statusChecks > 0) notes.push(`${statusChecks} status check(s) (GET conversation) fell inside the window: the run was not over when the stores first went quiet`);
    if (finalMessage.status !== 'succeeded') notes.push(`the agent message ended ${finalMessage.status}: ${JSON.stringify(finalMessage.error ?? null)}`);
    if (mcp.calls.length !== 2) notes.push(`the MCP tool was called ${mcp.calls.length} time(s) over both runs (2 expected)`);

    const report = buildReport({ coverages, storage, idle, notes, finalMessage, measuredMs, model, agentId: agentId.value });
    process.stdout.write(asJson ? `${JSON.stringify(report, null, 2)}\n` : renderReport(report));
  } finally {
    await app.close();
    await model.close();
    await mcp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Report.

/**
 * Whether a function is module plumbing swc emits, not code of the source: the getters of a
 * module's exports (`get Name () { return Name; }` in `_export(exports, {…})`, read on every use of
 * an imported name) and those of `export *` (`function() { return from[k]; }`).
 */
const plumbingPattern = /^(?:get\s+[\w$]+\s*\(\)\s*\{\s*return\s+(?!this\.)[\w$]+(?:\.[\w$]+)?;?\s*\}|function\s*\(\)\s*\{\s*return\s+from\[k\];?\s*\})$/;
const scriptTexts = new Map();
function isPlumbing(file, range) {
  if (!scriptTexts.has(file)) scriptTexts.set(file, existsSync(file) ? readFileSync(file, 'utf8') : '');
  return plumbingPattern.test(scriptTexts.get(file).slice(range.startOffset, range.endOffset));
}

/**
 * Source file → { functions: Set of `name@offset` called, calls, onlyPlumbing } over the coverage
 * takes, apps/ and libs/ only; `onlyPlumbing` when every function called there was an export getter.
 */
function executedFiles(takes) {
  const files = new Map();
  for (const take of takes) {
    for (const script of take) {
      if (!script.url) continue;
      const file = script.url.startsWith('file://') ? fileURLToPath(script.url) : script.url;
      const source = sourceOf(file);
      if (source === null) continue;
      for (const fn of script.functions) {
        const range = fn.ranges[0];
        if (!range || range.count === 0) continue;
        const entry = files.get(source) ?? { functions: new Set(), calls: 0, onlyPlumbing: true };
        entry.functions.add(`${fn.functionName}@${range.startOffset}`);
        entry.calls += range.count;
        if (!isPlumbing(file, range)) entry.onlyPlumbing = false;
        files.set(source, entry);
      }
    }
  }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

const sortedEntries = (map) => [...map].sort(([a], [b]) => a.localeCompare(b));
const byCountThenName = (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]);
const total = (entries) => entries.reduce((sum, [, count]) => sum + count, 0);

/**
 * Splits the window's calls into the request's and the background's: a call is background when the
 * idle window saw the same key from the same caller chain (the projector's timers, for instance).
 */
function splitCalls(calls, idleCalls) {
  const request = new Map();
  const background = new Map();
  for (const [key, perCaller] of calls) {
    for (const [caller, count] of perCaller) {
      const target = idleCalls.get(key)?.has(caller) ? background : request;
      const perKey = target.get(key) ?? new Map();
      perKey.set(caller, count);
      target.set(key, perKey);
    }
  }
  return { request, background };
}

const countsOf = (calls) => new Map([...calls].map(([key, perCaller]) => [key, total([...perCaller])]));

function buildReport({ coverages, storage, idle, notes, finalMessage, measuredMs, model, agentId }) {
  const files = executedFiles(coverages);
  const idleFiles = executedFiles([idle.coverage]);
  // A file is the request's for sure when it ran a function the idle window did not run.
  const fileRows = [...files].map(([source, entry]) => {
    const idleEntry = idleFiles.get(source);
    const sure = !idleEntry || [...entry.functions].some((fn) => !idleEntry.functions.has(fn));
    return [source, { functions: entry.functions.size, calls: entry.calls, onlyPlumbing: entry.onlyPlumbing, alsoIdle: Boolean(idleEntry), maybeBackground: !sure }];
  });
  const { request, background } = splitCalls(storage.calls, idle.storage.calls);
  const counts = countsOf(request);
  const sum = (prefix) => total([...counts].filter(([key]) => key.startsWith(prefix)));
  const agentConfigKeys = sortedEntries(counts).filter(([key]) => key.startsWith('agentConfig.'));
  const callersOf = (calls, keys) => Object.fromEntries(sortedEntries(calls).filter(([key]) => keys(key)).map(([key, perCaller]) => [key, Object.fromEntries([...perCaller].sort(byCountThenName))]));
  return {
    commit: gitHead(),
    node: process.version,
    request: 'POST /api/v1/w/{wId}/assistant/conversations/{cId}/messages (mentions the agent), until the agent message ends',
    agentMessage: { status: finalMessage.status, actions: (finalMessage.actions ?? []).map((action) => `${action.functionCallName}:${action.status}`), content: finalMessage.content },
    measuredMs,
    modelRequests: model.requests.length,
    notes,
    totals: {
      sourceFiles: fileRows.length,
      sourceFilesRunningOwnCode: fileRows.filter(([, row]) => !row.onlyPlumbing).length,
      sourceFilesIdleOnly: fileRows.filter(([, row]) => row.maybeBackground).length,
      readStoreReads: ['get', 'getMany', 'find', 'count'].reduce((sumOf, method) => sumOf + sum(`read.${method} `), 0),
      readStoreCommits: sum('read.commit') - sum('read.commit (checkpoint only)'),
      readStoreCheckpointOnlyCommits: sum('read.commit (checkpoint only)'),
      eventAppends: sum('event.append '),
      eventReadStreams: sum('event.readStream '),
      eventReadAll: sum('event.readAll'),
      agentConfigurationReads: total(agentConfigKeys),
    },
    agentConfigurationReads: {
      agentId,
      byKind: Object.fromEntries(agentConfigKeys),
      callers: callersOf(request, (key) => key.startsWith('agentConfig.')),
    },
    storage: Object.fromEntries(sortedEntries(counts).filter(([key]) => !key.startsWith('agentConfig.'))),
    backgroundStorage: Object.fromEntries(sortedEntries(countsOf(background))),
    appendedEventTypes: Object.fromEntries(sortedEntries(storage.appendedTypes)),
    files: Object.fromEntries(fileRows),
    callers: callersOf(request, (key) => !key.startsWith('agentConfig.')),
    idle: {
      ms: idle.ms,
      files: [...idleFiles.keys()],
      storage: Object.fromEntries(sortedEntries(countsOf(idle.storage.calls))),
      callers: callersOf(idle.storage.calls, () => true),
    },
  };
}

function gitHead() {
  const result = spawnSync('git', ['-C', root, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' });
  const status = spawnSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no', '--', 'apps', 'libs'], { encoding: 'utf8' });
  const line = result.status === 0 ? result.stdout.trim().slice(0, 100) : 'unknown';
  return status.stdout?.trim() ? `${line} (+ uncommitted changes in apps/ or libs/)` : line;
}

function renderReport(report) {
  const out = [];
  const section = (title) => out.push('', `== ${title}`);
  const row = (count, text) => out.push(`${String(count).padStart(5)}  ${text}`);
  const callerRows = (callers) => {
    for (const [key, perCaller] of Object.entries(callers)) {
      out.push(key);
      for (const [caller, count] of Object.entries(perCaller)) out.push(`  ${String(count).padStart(5)}  ${caller}`);
    }
  };
  out.push(`commit: ${report.commit}`, `node: ${report.node}`, `request: ${report.request}`);
  out.push(`agent message: ${report.agentMessage.status}; actions: ${report.agentMessage.actions.join(', ') || 'none'}; content: ${JSON.stringify(report.agentMessage.content)}`);
  out.push(`window: ${report.measuredMs} ms from the POST to the last store call, then ${TAIL_MS} ms more; model requests over the whole session (warm-up included): ${report.modelRequests}`);
  out.push('background: store calls whose caller chain the idle window also showed (timers) are left out of the counts and listed at the end');
  out.push("timing: the checkpoint-only commits include the search index follower's, saved by a 250 ms timer when the log moved: 1 or 2 per run by phase");
  for (const note of report.notes) out.push(`NOTE: ${note}`);

  section('totals');
  for (const [key, value] of Object.entries(report.totals)) out.push(`${key}: ${value}`);

  section(`agent configuration reads (agent ${report.agentConfigurationReads.agentId}): ${report.totals.agentConfigurationReads}`);
  for (const [key, value] of Object.entries(report.agentConfigurationReads.byKind)) row(value, key.slice('agentConfig.'.length));
  callerRows(report.agentConfigurationReads.callers);

  section('read store calls (method collection)');
  for (const [key, value] of Object.entries(report.storage)) if (key.startsWith('read.')) row(value, key.slice(5));
  section('event store calls (method stream-category)');
  for (const [key, value] of Object.entries(report.storage)) if (key.startsWith('event.')) row(value, key.slice(6));
  section('events appended (stream-category type)');
  for (const [key, value] of Object.entries(report.appendedEventTypes)) row(value, key);

  section(
    `source files with a function called (apps/, libs/): ${report.totals.sourceFiles}; ${report.totals.sourceFilesRunningOwnCode} ran code of their own, ` +
      `the others only export getters (swc's CommonJS reads an imported name through a getter of its module)`,
  );
  out.push('functions called, calls, file   (G: only export getters ran; idle: ran in the idle window too; idle-only: every function it ran here, the idle window ran too)');
  for (const [file, entry] of Object.entries(report.files)) {
    const marks = [entry.onlyPlumbing ? 'G' : '', entry.maybeBackground ? 'idle-only' : entry.alsoIdle ? 'idle' : ''].filter(Boolean).join(', ');
    out.push(`${String(entry.functions).padStart(4)} ${String(entry.calls).padStart(7)}  ${file}${marks ? `   (${marks})` : ''}`);
  }

  section('callers outside libs/storage (innermost first, up to 3 frames), per store call');
  callerRows(report.callers);

  section('background store calls in the window (left out above)');
  for (const [key, value] of Object.entries(report.backgroundStorage)) row(value, key);

  section(`idle window (${report.idle.ms} ms, no request): ${report.idle.files.length} files`);
  for (const file of report.idle.files) out.push(`  ${file}`);
  callerRows(report.idle.callers);
  return `${out.join('\n')}\n`;
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`trace-agent-message: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
