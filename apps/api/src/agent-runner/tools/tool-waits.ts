import type { AgentToolCallWait } from '@app/contracts/events/agent-run.events';
import { Injectable } from '@nestjs/common';
import type { ToolCallRequest, ToolCallResult } from './tool-registry.port';

/** Records on the run stream that a call of the run waits (so another runner can take the wait over). */
export type ToolWaitRecorder = (call: ToolCallRequest, wait: AgentToolCallWait) => Promise<void>;

/** Obtains the result of a call whose wait began (`since`, epoch ms) in a runner that has stopped. */
export type ToolWaitResumer = (wait: AgentToolCallWait, since: number, signal: AbortSignal) => Promise<ToolCallResult>;

/**
 * The reason a run's signal carries when the run goes on in another runner (this one shut down while
 * the run waited, or another took its claim over): waiting points leave what they wait for unsettled.
 */
export class RunHandedOverError extends Error {
  constructor() {
    super('The agent run goes on in another runner.');
    this.name = 'RunHandedOverError';
  }
}

/**
 * Where tool calls that wait outside the process (a client-side MCP server's response) report their
 * wait to the run that made them, and where the tool sources that own such waits resume them after
 * a restart.
 */
@Injectable()
export class ToolWaits {
  private readonly runs = new Map<string, ToolWaitRecorder>();
  private readonly resumers = new Map<AgentToolCallWait['kind'], ToolWaitResumer>();

  /** The run answering `messageId` records the waits of its calls through `recorder` until the returned function is called. */
  track(messageId: string, recorder: ToolWaitRecorder): () => void {
    this.runs.set(messageId, recorder);
    return () => {
      if (this.runs.get(messageId) === recorder) this.runs.delete(messageId);
    };
  }

  /** A call of the run answering `messageId` now waits for `wait`. */
  async started(messageId: string, call: ToolCallRequest, wait: AgentToolCallWait): Promise<void> {
    await this.runs.get(messageId)?.(call, wait);
  }

  /** The tool source that owns waits of this kind resumes them. */
  registerResumer(kind: AgentToolCallWait['kind'], resumer: ToolWaitResumer): () => void {
    this.resumers.set(kind, resumer);
    return () => {
      if (this.resumers.get(kind) === resumer) this.resumers.delete(kind);
    };
  }

  resume(wait: AgentToolCallWait, since: number, signal: AbortSignal): Promise<ToolCallResult> {
    const resumer = this.resumers.get(wait.kind);
    if (!resumer) {
      const message = 'The tool call was waiting when the service restarted, and nothing here can take its wait over.';
      return Promise.resolve({ ok: false, output: [{ type: 'text', text: message }], error: { code: 'tool_execution_interrupted', message } });
    }
    return resumer(wait, since, signal);
  }
}
