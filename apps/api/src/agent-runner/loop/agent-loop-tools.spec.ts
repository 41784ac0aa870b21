// Tool calls in the loop: results and failures fed back to the model, step limits, slow and aborted tools.
import {
  LOOP_TOOL_CONTEXT,
  OPENAI_API_MODES,
  bodyOf,
  runLoop,
  searchTool,
  toolOutputSent,
  useFakeOpenAI,
} from '../../../../../test/support/agent-loop-harness';

import { StaticToolRegistry } from '../tools/static-tool-registry';
import type { ToolContext } from '../tools/tool-registry.port';

const openai = useFakeOpenAI();

describe.each(OPENAI_API_MODES)('runAgentLoop against the real @ai-sdk/openai provider (%s API)', (mode) => {
  it('executes a tool call through the registry and sends the result back to the model', async () => {
    const calls: { input: unknown; context: ToolContext; step: number }[] = [];
    const registry = new StaticToolRegistry([
      searchTool((input, { context, call }) => {
        calls.push({ input, context, step: call.step });
        return 'Found: Q3 report, revenue up 12%.';
      }),
    ]);
    openai.server.enqueue(
      { steps: [{ type: 'tool-call', name: 'search_docs', args: { query: 'Q3 revenue' }, callId: 'call_q3' }] },
      { steps: [{ type: 'text', tokens: ['Revenue ', 'grew ', '12%.'] }] },
    );

    const { outcome, events } = await runLoop(openai.model(mode), { tools: registry });

    expect(calls).toEqual([{ input: { query: 'Q3 revenue' }, context: LOOP_TOOL_CONTEXT, step: 0 }]);
    expect(outcome).toMatchObject({
      status: 'succeeded',
      stopReason: 'completed',
      content: 'Revenue grew 12%.',
      steps: 2,
      contents: [
        {
          step: 0,
          content: {
            type: 'function_call',
            value: { id: 'call_q3', name: 'search_docs', arguments: '{"query":"Q3 revenue"}' },
          },
        },
        { step: 1, content: { type: 'text_content', value: 'Revenue grew 12%.' } },
      ],
      actions: [
        {
          callId: 'call_q3',
          name: 'search_docs',
          input: { query: 'Q3 revenue' },
          step: 0,
          ok: true,
          output: [{ type: 'text', text: 'Found: Q3 report, revenue up 12%.' }],
          error: null,
          serverId: 'srv_docs',
          serverName: 'Docs',
        },
      ],
      usage: { inputTokens: 20, outputTokens: 40 },
    });
    const kinds = events.map((event) => event.kind);
    expect(kinds.indexOf('tool-call')).toBeLessThan(kinds.indexOf('tool-result'));
    expect(kinds.indexOf('tool-result')).toBeLessThan(kinds.indexOf('text-delta'));
    expect(events.find((event) => event.kind === 'tool-call')).toEqual({
      kind: 'tool-call',
      callId: 'call_q3',
      name: 'search_docs',
      input: { query: 'Q3 revenue' },
      step: 0,
    });
    expect(events.find((event) => event.kind === 'tool-result')).toMatchObject({
      callId: 'call_q3',
      result: { ok: true },
      step: 0,
      durationMs: expect.any(Number),
    });

    // What the model was offered, and what it got back on the second request.
    expect(openai.server.requests).toHaveLength(2);
    const offered = JSON.stringify(bodyOf(openai.server.requests[0]).tools);
    expect(offered).toContain('search_docs');
    expect(offered).toContain('Searches the workspace documents.');
    expect(offered).toContain('"query"');
    expect(toolOutputSent(mode, openai.server.requests[1])).toEqual({
      callId: 'call_q3',
      output: 'Found: Q3 report, revenue up 12%.',
    });
  });

  it('keeps calling tools up to maxSteps and then succeeds with what it has', async () => {
    const registry = new StaticToolRegistry([searchTool(() => 'nothing yet')]);
    openai.server.setResolver(() => ({
      steps: [
        { type: 'text', tokens: ['Searching.'] },
        { type: 'tool-call', name: 'search_docs', args: { query: 'more' } },
      ],
    }));

    const { outcome } = await runLoop(openai.model(mode), { tools: registry, maxSteps: 3 });

    expect(openai.server.requests).toHaveLength(3);
    expect(outcome).toMatchObject({ status: 'succeeded', stopReason: 'max_steps_reached', steps: 3 });
    expect(outcome.actions.map((action) => action.step)).toEqual([0, 1, 2]);
    expect(outcome.content).toBe('Searching.\n\nSearching.\n\nSearching.');
  });
});

describe('runAgentLoop: tools', () => {
  it('feeds a tool failure back to the model as an error and carries on', async () => {
    const registry = new StaticToolRegistry([
      searchTool(() => ({
        ok: false,
        output: [{ type: 'text', text: 'index offline' }],
        error: { code: 'search_unavailable', message: 'The search index is offline.' },
      })),
    ]);
    openai.server.enqueue(
      { steps: [{ type: 'tool-call', name: 'search_docs', args: { query: 'x' }, callId: 'call_1' }] },
      { steps: [{ type: 'text', tokens: ['Search is down.'] }] },
    );

    const { outcome } = await runLoop(openai.model('responses'), { tools: registry });

    expect(outcome).toMatchObject({
      status: 'succeeded',
      content: 'Search is down.',
      actions: [{ ok: false, error: { code: 'search_unavailable', message: 'The search index is offline.' } }],
    });
    expect(toolOutputSent('responses', openai.server.requests[1]).output).toContain('The search index is offline.');
  });

  it('tells the model about a tool that does not exist and carries on', async () => {
    openai.server.enqueue(
      { steps: [{ type: 'tool-call', name: 'delete_everything', args: {}, callId: 'call_x' }] },
      { steps: [{ type: 'text', tokens: ['Sorry.'] }] },
    );

    const { outcome } = await runLoop(openai.model('chat'), { tools: new StaticToolRegistry([searchTool(() => 'x')]) });

    expect(outcome).toMatchObject({
      status: 'succeeded',
      content: 'Sorry.',
      actions: [{ callId: 'call_x', name: 'delete_everything', ok: false, error: { code: 'tool_not_found' } }],
    });
    expect(openai.server.requests).toHaveLength(2);
  });

  it('fails the run with tool_error when the registry itself throws', async () => {
    const registry = new StaticToolRegistry([searchTool(() => 'unused')]);
    const broken = {
      listTools: (ctx: ToolContext) => registry.listTools(ctx),
      callTool: async (): Promise<never> => {
        throw new Error('MCP server connection lost');
      },
    };
    openai.server.enqueue({ steps: [{ type: 'tool-call', name: 'search_docs', args: { query: 'x' } }] });

    const { outcome } = await runLoop(openai.model('responses'), { tools: broken });

    expect(outcome).toMatchObject({
      status: 'failed',
      error: {
        code: 'tool_error',
        message: expect.stringContaining('MCP server connection lost'),
        metadata: { toolName: 'search_docs' },
      },
    });
    expect(openai.server.requests).toHaveLength(1);
  });

  it('does not count tool execution time as model silence', async () => {
    const registry = new StaticToolRegistry([
      searchTool(async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        return 'slow but fine';
      }),
    ]);
    openai.server.enqueue(
      { steps: [{ type: 'tool-call', name: 'search_docs', args: { query: 'x' } }] },
      { steps: [{ type: 'text', tokens: ['ok'] }] },
    );

    const { outcome } = await runLoop(openai.model('chat'), { tools: registry, idleTimeoutMs: 250 });

    expect(outcome).toMatchObject({ status: 'succeeded', content: 'ok' });
  });

  it('cancels promptly while a tool is running, and the tool sees the abort', async () => {
    let toolSawAbort = false;
    const controller = new AbortController();
    const registry = new StaticToolRegistry([
      searchTool(
        (_input, { signal }) =>
          new Promise<string>((resolve) => {
            setTimeout(() => controller.abort(), 20);
            signal.addEventListener('abort', () => {
              toolSawAbort = true;
              resolve('aborted');
            });
          }),
      ),
    ]);
    openai.server.enqueue({ steps: [{ type: 'tool-call', name: 'search_docs', args: { query: 'x' } }] });

    const startedAt = Date.now();
    const { outcome } = await runLoop(openai.model('responses'), { tools: registry, abortSignal: controller.signal });

    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(outcome.status).toBe('cancelled');
    expect(toolSawAbort).toBe(true);
    expect(openai.server.requests).toHaveLength(1);
  });
});
