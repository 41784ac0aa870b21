// A run taken over from another runner: the calls it waited on are settled first, then the model
// goes on from the recorded history, with steps, actions and usage merged into one outcome.
import { runLoop, searchTool, toolOutputSent, useFakeOpenAI } from '../../../../../test/support/agent-loop-harness';
import { ToolApprovalExpiredError } from '../tools/approval/approval-gate';
import { StaticToolRegistry } from '../tools/static-tool-registry';
import type { AgentLoopResume } from './agent-loop.types';
import { historyMessages, replayedReasoningMetadata, type RunHistoryEntry } from './run-history';

const openai = useFakeOpenAI();

const history: RunHistoryEntry[] = [
  { kind: 'text', step: 0, text: 'Let me look.' },
  { kind: 'call', step: 0, callId: 'call_q3', name: 'search_docs', input: { query: 'Q3' } },
];

function resume(settle: AgentLoopResume['pending'][number]['settle']): AgentLoopResume {
  return {
    history,
    usage: { inputTokens: 100, outputTokens: 20 },
    pending: [{ callId: 'call_q3', name: 'search_docs', input: { query: 'Q3' }, step: 0, settle }],
  };
}

describe('runAgentLoop resuming a run', () => {
  const tools = new StaticToolRegistry([searchTool(() => 'unused')]);

  it('settles the pending call, sends the history and its result to the model, and merges the outcome', async () => {
    openai.server.enqueue({ steps: [{ type: 'text', tokens: ['Revenue ', 'grew.'] }], usage: { inputTokens: 50, outputTokens: 5 } });
    const settled = resume(async () => ({ ok: true, output: [{ type: 'text', text: 'Q3: up 12%.' }] }));
    const { outcome, events } = await runLoop(openai.model('responses'), { tools, resume: settled });

    expect(outcome).toMatchObject({
      status: 'succeeded',
      stopReason: 'completed',
      content: 'Let me look.\n\nRevenue grew.',
      steps: 2,
      usage: { inputTokens: 150, outputTokens: 25 },
      actions: [{ callId: 'call_q3', step: 0, ok: true, output: [{ type: 'text', text: 'Q3: up 12%.' }] }],
    });
    expect(outcome.contents.map((item) => `${item.content.type}@${item.step}`)).toEqual(['text_content@0', 'function_call@0', 'text_content@1']);
    expect(events[0]).toMatchObject({ kind: 'tool-result', callId: 'call_q3', step: 0 });
    expect(events.filter((event) => event.kind === 'text-delta').every((event) => event.step === 1)).toBe(true);
    expect(openai.server.requests).toHaveLength(1);
    expect(toolOutputSent('responses', openai.server.requests[0])).toEqual({ callId: 'call_q3', output: 'Q3: up 12%.' });
  });

  it('ends without calling the model when the earlier runner used up the steps', async () => {
    const settled = resume(async () => ({ ok: true, output: [{ type: 'text', text: 'done' }] }));
    const { outcome } = await runLoop(openai.model('responses'), { tools, resume: settled, maxSteps: 1 });
    expect(outcome).toMatchObject({ status: 'succeeded', stopReason: 'max_steps_reached', steps: 1 });
    expect(openai.server.requests).toHaveLength(0);
  });

  it('fails the run with the code of a settlement that fails it (approval expired)', async () => {
    const { outcome } = await runLoop(openai.model('responses'), { tools, resume: resume(async () => Promise.reject(new ToolApprovalExpiredError('search_docs'))) });
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'tool_approval_expired' }, content: 'Let me look.' });
    expect(openai.server.requests).toHaveLength(0);
  });
});

describe('historyMessages', () => {
  it('turns each step into the assistant turn (text and calls) and the tool turn (results); reasoning without provider data stays out', () => {
    const messages = historyMessages([
      { kind: 'reasoning', step: 0, text: 'hmm' },
      ...history,
      { kind: 'result', step: 0, callId: 'call_q3', name: 'search_docs', input: { query: 'Q3' }, result: { ok: false, output: [], error: { code: 'x', message: 'refused' } }, durationMs: 1, serverId: null, serverName: null },
    ]);
    expect(messages).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me look.' },
          { type: 'tool-call', toolCallId: 'call_q3', toolName: 'search_docs', input: { query: 'Q3' } },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_q3', toolName: 'search_docs', output: { type: 'error-text', value: 'refused' } }] },
    ]);
  });

  it('sends signed reasoning back first in its turn, with the provider data it came with', () => {
    const signature = { anthropic: { signature: 'sig_1' } };
    const [turn] = historyMessages([{ kind: 'reasoning', step: 0, text: 'hmm', providerMetadata: signature }, ...history]);
    expect(turn).toMatchObject({ role: 'assistant', content: [{ type: 'reasoning', text: 'hmm', providerOptions: signature }, { type: 'text' }, { type: 'tool-call' }] });
  });
});

describe('replayedReasoningMetadata', () => {
  it("keeps Anthropic's signature or redacted data, and leaves out what refers to a provider's stored items", () => {
    expect(replayedReasoningMetadata({ anthropic: { signature: 'sig_1' } })).toEqual({ anthropic: { signature: 'sig_1' } });
    expect(replayedReasoningMetadata({ anthropic: { redactedData: 'opaque' } })).toEqual({ anthropic: { redactedData: 'opaque' } });
    expect(replayedReasoningMetadata({ openai: { itemId: 'rs_1', reasoningEncryptedContent: null } })).toBeUndefined();
    expect(replayedReasoningMetadata({ anthropic: {} })).toBeUndefined();
  });
});
