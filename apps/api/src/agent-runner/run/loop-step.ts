import type { AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import type { AgentRunEvent, AgentToolCallWait } from '@app/contracts/events/agent-run.events';
import type { BlockedToolCall } from '@app/contracts/events/tool-approval.events';
import { Inject, Injectable } from '@nestjs/common';
import type { LanguageModel } from 'ai';
import type { AgentRunnerSettings } from '../../config/agent-runner-settings';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { AGENT_RUNNER_OPTIONS } from '../agent-runner.options';
import type { RunResumeState } from '../claiming/run-resume-state';
import { runAgentLoop } from '../loop/agent-loop';
import type { AgentLoopOutcome } from '../loop/agent-loop.types';
import { reasoningProviderOptions, runTemperature } from '../models/language-model.factory';
import { AgentTools } from '../tools/agent-tools';
import type { RunTools } from '../tools/run-tools';
import type { ToolCallRequest } from '../tools/tool-registry.port';
import type { AgentPrompt } from './prompt-builder';
import { loopResume } from './resumed-calls';
import { RunActionIds } from './run-action-ids';
import type { RunHandle } from './run-handle';
import type { RunModel } from './run-model';
import { LoopEventRecorder } from './loop-event-recorder';
import { modelCallEntry } from './model-call-entry';

/** What the loop step runs on. */
export interface LoopInput {
  readonly languageModel: LanguageModel;
  readonly model: RunModel;
  readonly prompt: AgentPrompt;
  /** Where the run goes on from, when taken over from a runner that stopped while it waited. */
  readonly resume: RunResumeState | null;
}

/**
 * The run's second step: the agent loop on the prompt, with the run's tools, recording tokens and
 * tool actions on the run stream as they come. The tool calls recorded are added to `toolCalls`
 * even when the loop throws, so the outcome keeps them.
 */
@Injectable()
export class LoopStep {
  constructor(
    private readonly tools: AgentTools,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(AGENT_RUNNER_OPTIONS) private readonly options: AgentRunnerSettings,
  ) {}

  async loop(handle: RunHandle, input: LoopInput, toolCalls: Map<string, AgentToolCall>): Promise<AgentLoopOutcome> {
    const { prompt, resume } = input;
    const data = handle.tracked.created.data;
    const actionIds = new RunActionIds();
    const tools = await this.tools.forRun({
      context: {
        workspaceId: data.workspaceId,
        conversationId: data.conversationId,
        agentMessageId: data.messageId,
        userId: prompt.parent.user?.sId ?? null,
        agentConfigurationId: data.configuration.sId,
        agentConfigurationVersion: data.configuration.version,
        clientSideMCPServerIds: prompt.parent.context.clientSideMCPServerIds ?? [],
      },
      agent: data.configuration,
      skipApproval: data.skipToolsValidation,
      claimed: handle.claimed,
      actionIdOf: (callId) => actionIds.of(callId),
      // The wait goes on the run stream (after the text before it), so a runner taking the run over knows what to wait for.
      recordWait: async (call: ToolCallRequest, wait: AgentToolCallWait, approvalRequested?: BlockedToolCall) => {
        await recorder.flush();
        const { callId, name, input: callInput, step } = call;
        const before: AgentRunEvent[] = approvalRequested
          ? [{ type: 'AgentToolApprovalRequested', data: { call: approvalRequested, agentName: data.configuration.name, at: Date.now() } }]
          : [];
        await handle.writer.append(...before, {
          type: 'AgentToolCallWaiting',
          data: {
            call: { callId, name, input: callInput, step },
            wait,
            usage: recorder.usage,
            ...(recorder.reasoning.length > 0 ? { reasoning: recorder.reasoning } : {}),
            at: Date.now(),
          },
        });
        handle.waitStarted(callId);
      },
      waitEnded: async (callId) => {
        handle.waitEnded(callId);
        await handle.writer.append({ type: 'AgentToolCallWaitEnded', data: { callId, at: Date.now() } });
      },
    });
    const recorder = new LoopEventRecorder(
      handle.writer,
      handle.tracked.createdPosition,
      (name) => tools.definition(name),
      { intervalMs: this.options.tokenFlushMs, maxChars: this.options.tokenFlushChars },
      actionIds,
      (step, usage) => modelCallEntry(data, prompt.parent.user?.sId ?? null, input.model, step, usage, Date.now()),
    );
    if (resume) recorder.restore(resume);
    const untrack = tools.trackWaits();
    try {
      const outcome = await this.runLoop(handle, input, tools, recorder);
      await recorder.flush();
      return outcome;
    } finally {
      untrack();
      recorder.discard();
      for (const [callId, call] of recorder.toolCalls) toolCalls.set(callId, call);
    }
  }

  private runLoop(handle: RunHandle, { languageModel, model, prompt, resume }: LoopInput, tools: RunTools, recorder: LoopEventRecorder): Promise<AgentLoopOutcome> {
    return runAgentLoop(
      {
        model: languageModel,
        system: prompt.system,
        messages: prompt.messages,
        tools,
        toolContext: tools.context,
        resume: resume ? loopResume(resume, tools) : undefined,
        maxSteps: Math.max(1, handle.tracked.created.data.configuration.maxStepsPerRun),
        reasoningEffort: model.reasoningEffort,
        providerOptions: reasoningProviderOptions(this.config.providers, model.providerId, model.reasoningEffort),
        temperature: runTemperature(model.providerId, model.reasoningEffort, model.temperature),
        abortSignal: handle.signal,
        timeoutMs: this.options.runTimeoutMs,
        idleTimeoutMs: this.options.idleTimeoutMs,
      },
      async (event) => {
        // Nothing is recorded, and no tool runs, before this runner's claim is durable.
        await handle.claimed;
        if (event.kind === 'tool-result') handle.waitEnded(event.callId);
        return recorder.sink(event);
      },
    );
  }
}
