import type { AgentRunEvent, AgentToolCallWait, ReasoningBlockMetadata } from '@app/contracts/events/agent-run.events';
import type { AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import { recordedRunStream } from '../../../../../test/support/run-stream';
import { resumeStateOf } from './run-resume-state';

const approvalWait: AgentToolCallWait = { kind: 'approval', actionId: 'act_1' };
const mcpWait: AgentToolCallWait = { kind: 'mcp_result', workspaceId: 'w', userId: 'u', serverId: 'mcp-client-side:ide', requestId: 'mcp_req_1' };
const usage = { inputTokens: 120, outputTokens: 30 };

const stream = (...events: AgentRunEvent[]) => recordedRunStream('m1', events);

function toolCall(callId: string, step: number, done?: { ok: boolean; text: string }): AgentToolCall {
  return {
    sId: `act_${callId}`,
    callId,
    toolName: 'send_email',
    serverId: 'mail',
    serverName: 'Mail',
    params: { to: 'ada@example.com' },
    step,
    status: done ? (done.ok ? 'succeeded' : 'errored') : 'running',
    calledAt: 1_000,
    endedAt: done ? 1_500 : null,
    durationMs: done ? 500 : null,
    output: done ? [{ type: 'text', text: done.text }] : null,
    paramsPosition: null,
  };
}

const started: AgentRunEvent = { type: 'AgentRunStarted', data: { messageId: 'm1', conversationId: 'c1', workspaceId: 'w', configurationId: 'dust', runnerId: 'r1', leaseUntil: 5_000, at: 0 } };
const tokens = (text: string, step: number, classification: 'tokens' | 'chain_of_thought' = 'tokens'): AgentRunEvent => ({ type: 'AgentTokensGenerated', data: { text, classification, step, at: 1 } });
const params = (callId: string, step: number): AgentRunEvent => ({ type: 'AgentToolParamsRecorded', data: { call: toolCall(callId, step), messagePosition: 10, at: 1_000 } });
const succeeded = (callId: string, step: number, text: string): AgentRunEvent => ({ type: 'AgentActionSucceeded', data: { call: toolCall(callId, step, { ok: true, text }), messagePosition: 10, at: 1_500 } });
const waiting = (callId: string, step: number, wait: AgentToolCallWait, at = 2_000, reasoning?: ReasoningBlockMetadata[]): AgentRunEvent => ({
  type: 'AgentToolCallWaiting',
  data: { call: { callId, name: 'send_email', input: { to: 'ada@example.com' }, step }, wait, usage, ...(reasoning ? { reasoning } : {}), at },
});

describe('resumeStateOf', () => {
  it('resumes a run blocked on approval: its text and call as history, the blocked call pending since it blocked', () => {
    const state = resumeStateOf(stream(started, tokens('Let me ', 0), tokens('send it.', 0), params('c1', 0), waiting('c1', 0, approvalWait)));
    expect(state).toEqual({
      history: [
        { kind: 'text', step: 0, text: 'Let me send it.' },
        { kind: 'call', step: 0, callId: 'c1', name: 'send_email', input: { to: 'ada@example.com' } },
      ],
      usage,
      reasoning: [],
      calls: [{ call: toolCall('c1', 0), paramsPosition: 103 }],
      finished: [],
      pending: [{ callId: 'c1', name: 'send_email', input: { to: 'ada@example.com' }, step: 0, wait: approvalWait, since: 2_000 }],
      lastRevision: 4,
      leaseUntil: 5_000,
    });
  });

  it("gives each step's reasoning, in order, the provider's data its wait recorded (Anthropic's signatures)", () => {
    const signed = (step: number, signature: string): ReasoningBlockMetadata => ({ step, providerMetadata: { anthropic: { signature } } });
    const state = resumeStateOf(
      stream(
        started,
        tokens('Ada wants mail.', 0, 'chain_of_thought'),
        params('c0', 0),
        succeeded('c0', 0, 'Found Ada'),
        tokens('Now send it.', 1, 'chain_of_thought'),
        tokens('Sending.', 1),
        params('c1', 1),
        waiting('c1', 1, approvalWait, 2_000, [signed(0, 'sig_a'), signed(1, 'sig_b')]),
      ),
    );
    expect(state?.reasoning).toEqual([signed(0, 'sig_a'), signed(1, 'sig_b')]);
    expect(state?.history.filter((entry) => entry.kind === 'reasoning')).toEqual([
      { kind: 'reasoning', step: 0, text: 'Ada wants mail.', providerMetadata: { anthropic: { signature: 'sig_a' } } },
      { kind: 'reasoning', step: 1, text: 'Now send it.', providerMetadata: { anthropic: { signature: 'sig_b' } } },
    ]);
    // A wait recorded before reasoning data was kept resumes as before: reasoning without it.
    const older = resumeStateOf(stream(started, tokens('Ada wants mail.', 0, 'chain_of_thought'), params('c1', 0), waiting('c1', 0, approvalWait)));
    expect(older?.history[0]).toEqual({ kind: 'reasoning', step: 0, text: 'Ada wants mail.' });
  });

  it('knows the call from its wait when the wait was recorded before its parameters (or they never were)', () => {
    const state = resumeStateOf(stream(started, waiting('c1', 0, approvalWait), params('c1', 0)));
    expect(state?.history).toEqual([{ kind: 'call', step: 0, callId: 'c1', name: 'send_email', input: { to: 'ada@example.com' } }]);
    expect(state?.pending).toHaveLength(1);
    const alone = resumeStateOf(stream(started, waiting('c1', 0, mcpWait)));
    expect(alone?.calls).toEqual([]);
    expect(alone?.pending).toEqual([expect.objectContaining({ callId: 'c1', wait: mcpWait })]);
  });

  it('keeps finished steps with their results, and resumes the wait of the last step', () => {
    const state = resumeStateOf(
      stream(started, tokens('thinking', 0, 'chain_of_thought'), params('c0', 0), succeeded('c0', 0, 'first result'), tokens('Now ', 1), params('c1', 1), waiting('c1', 1, mcpWait)),
    );
    expect(state?.history.map((entry) => `${entry.kind}@${entry.step}`)).toEqual(['reasoning@0', 'call@0', 'result@0', 'text@1', 'call@1']);
    expect(state?.history[2]).toMatchObject({ kind: 'result', callId: 'c0', result: { ok: true, output: [{ type: 'text', text: 'first result' }] }, durationMs: 500 });
    expect(state?.finished).toEqual([toolCall('c0', 0, { ok: true, text: 'first result' })]);
    expect(state?.pending.map((call) => call.callId)).toEqual(['c1']);
  });

  it('resumes the other calls of the waiting step as interrupted (no wait): they are never run again', () => {
    const state = resumeStateOf(stream(started, params('c1', 0), params('c2', 0), waiting('c1', 0, approvalWait)));
    expect(state?.pending).toEqual([
      expect.objectContaining({ callId: 'c1', wait: approvalWait }),
      expect.objectContaining({ callId: 'c2', wait: null, since: 1_000 }),
    ]);
  });

  it('does not resume a run that was not waiting: tokens streaming, a tool running, an approved call running', () => {
    expect(resumeStateOf(stream(started, tokens('Half an ans', 0)))).toBeNull();
    expect(resumeStateOf(stream(started, params('c1', 0)))).toBeNull();
    const approvedAndRunning = stream(started, params('c1', 0), waiting('c1', 0, approvalWait), { type: 'AgentToolCallWaitEnded', data: { callId: 'c1', at: 3_000 } });
    expect(resumeStateOf(approvedAndRunning)).toBeNull();
    const answered = stream(started, params('c1', 0), waiting('c1', 0, mcpWait), succeeded('c1', 0, 'done'), tokens('After', 1));
    expect(resumeStateOf(answered)).toBeNull();
  });

  it('does not resume a run that ended', () => {
    expect(resumeStateOf(stream(started, params('c1', 0), waiting('c1', 0, approvalWait), { type: 'AgentRunFailed', data: { error: { code: 'x', message: 'x', metadata: null }, at: 4 } }))).toBeNull();
  });

  it('reads the last claim: a takeover renews it, a release lets it lapse at once', () => {
    const blocked = [started, params('c1', 0), waiting('c1', 0, approvalWait)];
    expect(resumeStateOf(stream(...blocked, { type: 'AgentRunReleased', data: { runnerId: 'r1', at: 3 } }))?.leaseUntil).toBe(0);
    const resumed = stream(...blocked, { type: 'AgentRunReleased', data: { runnerId: 'r1', at: 3 } }, { type: 'AgentRunResumed', data: { runnerId: 'r2', leaseUntil: 9_000, at: 4 } });
    expect(resumeStateOf(resumed)).toMatchObject({ leaseUntil: 9_000, lastRevision: 4 });
  });
});
