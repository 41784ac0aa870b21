import type { AgentLoopPendingCall, AgentLoopResume } from '../loop/agent-loop.types';
import type { RunTools } from '../tools/run-tools';
import type { ToolCallResult } from '../tools/tool-registry.port';
import type { RunResumeState } from '../claiming/run-resume-state';

/**
 * How the loop settles the calls a run was waiting on when its earlier runner stopped: a blocked
 * call waits for its answer, a client-side MCP call for its result (through the tool source that
 * owns the wait), and a call that was running comes back as interrupted, never run again.
 */
export function loopResume(resume: RunResumeState, tools: RunTools): AgentLoopResume {
  const pending = resume.pending.map((call): AgentLoopPendingCall => {
    const { wait, since } = call;
    const request = { callId: call.callId, name: call.name, input: call.input, step: call.step };
    const settle = async (signal: AbortSignal): Promise<ToolCallResult> => {
      // Nothing is settled before the takeover is durable (another replica may win it).
      await tools.claimed;
      if (wait === null) return interruptedCall();
      if (wait.kind === 'approval') return tools.resumeBlocked(request, wait.actionId, since, signal);
      return tools.resumeWait(wait, since, signal);
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
