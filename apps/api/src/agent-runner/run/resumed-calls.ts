import type { AgentLoopPendingCall, AgentLoopResume } from '../loop/agent-loop.types';
import type { ApprovalGate } from '../tools/approval/approval-gate';
import type { ToolCallResult, ToolContext } from '../tools/tool-registry.port';
import type { ToolWaits } from '../tools/tool-waits';
import type { RunResumeState } from '../claiming/run-resume-state';

/** What settling the calls of a run taken over needs from the run around it. */
export interface ResumedCallsContext {
  /** Settles once this runner's takeover is durable (another replica may win it). */
  readonly claimed: Promise<void>;
  readonly gate: ApprovalGate;
  readonly waits: ToolWaits;
  readonly ctx: ToolContext;
}

/**
 * How the loop settles the calls a run was waiting on when its earlier runner stopped: a blocked
 * call waits for its answer, a client-side MCP call for its result (through the tool source that
 * owns the wait), and a call that was running comes back as interrupted, never run again.
 */
export function loopResume(resume: RunResumeState, run: ResumedCallsContext): AgentLoopResume {
  const pending = resume.pending.map((call): AgentLoopPendingCall => {
    const { wait, since } = call;
    const request = { callId: call.callId, name: call.name, input: call.input, step: call.step };
    const settle = async (signal: AbortSignal): Promise<ToolCallResult> => {
      // Nothing is settled before the takeover is durable.
      await run.claimed;
      if (wait === null) return interruptedCall();
      if (wait.kind === 'approval') return run.gate.resumeBlocked(request, wait.actionId, since, run.ctx, signal);
      return run.waits.resume(wait, since, signal);
    };
    return { ...request, settle };
  });
  return { history: resume.history, usage: resume.usage, pending };
}

/** A call that was running (not waiting) when its runner stopped: its outcome is unknown and it is not run again. */
function interruptedCall(): ToolCallResult {
  const message = 'The tool call was interrupted by a restart of the service; whether it took effect is unknown.';
  return { ok: false, output: [{ type: 'text', text: message }], error: { code: 'tool_execution_interrupted', message } };
}
