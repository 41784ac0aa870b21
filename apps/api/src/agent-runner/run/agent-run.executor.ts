import { isConversationEvent, type AgentMessageStatusChanged } from '@app/contracts/events/conversation.events';
import { upcast } from '@app/contracts/events/upcast';
import type { AgentToolCall } from '@app/contracts/events/agent-message-facts';
import type { WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import type { ChangeTitle } from '@app/domain/conversation/conversation.commands';
import { conversationAggregate } from '@app/domain/conversation/conversation.decider';
import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { BLOB_STORE, EVENT_STORE, type BlobStore, type EventStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { LanguageModel } from 'ai';
import type { Logger } from 'pino';
import { DeciderExecutor } from '../../application/decider-executor';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { LOGGER } from '../../common/logger';
import { ReadModels } from '../../infrastructure/read-models.service';
import {
  createLanguageModel,
  ModelProviderNotConfiguredError,
  reasoningProviderOptions,
} from '../models/language-model.factory';
import { runAgentLoop } from '../loop/agent-loop';
import type { AgentLoopOutcome } from '../loop/agent-loop.types';
import { finalToolCalls } from './agent-actions';
import type { AgentRunnerSettings } from '../../config/agent-runner-settings';
import { AGENT_RUNNER_OPTIONS } from '../agent-runner.options';
import { AgentToolSources } from '../tools/agent-tool-sources';
import { ConversationCompactor } from '../compaction/conversation-compactor';
import { promptExceedsContextShare } from '../compaction/prompt-tokens';
import { DomainError } from '@app/domain/shared/domain-error';
import { generateConversationTitle } from './conversation-title';
import { buildAgentPrompt, type AgentPrompt } from './prompt-builder';
import { loadPromptAttachments } from './prompt-attachments';
import type { RunHandle } from './run-handle';
import { resolveRunModel, type RunModel } from './run-model';
import { interruptedError, outcomeOf, type RunResult } from './run-outcome';
import { RunOutcomeRecorder } from './run-outcome.recorder';
import { RunRecorder } from './run-recorder';
import { RunActionIds } from './run-action-ids';
import { ApprovalGate } from '../tools/approval/approval-gate';
import { ToolApprovals } from '../tools/approval/tool-approvals';
import { RunPreemptedError } from './run-stream-writer';
import type { RunResumeState } from '../claiming/run-resume-state';
import { loopResume } from './resumed-calls';
import { ToolWaits } from '../tools/tool-waits';
import type { AgentRunEvent, AgentToolCallWait } from '@app/contracts/events/agent-run.events';
import type { ToolCallRequest, ToolContext } from '../tools/tool-registry.port';
import { assertNever } from '@app/contracts/assert-never';

/**
 * Answers one claimed agent message: resolves the model, builds the prompt from the conversation's
 * events, runs the agent loop while recording tokens and tool actions on the run stream, then
 * has RunOutcomeRecorder record the outcome on the conversation and end the run stream. Never throws.
 * A run taken over from a runner that stopped while it waited goes on from its resume state; a run
 * suspended by this runner's shutdown while it waits releases its claim instead of ending.
 */
@Injectable()
export class AgentRunExecutor {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly executor: DeciderExecutor,
    private readonly readModels: ReadModels,
    private readonly toolSources: AgentToolSources,
    private readonly outcomes: RunOutcomeRecorder,
    private readonly compactor: ConversationCompactor,
    private readonly approvals: ToolApprovals,
    private readonly waits: ToolWaits,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(AGENT_RUNNER_OPTIONS) private readonly options: AgentRunnerSettings,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async execute(handle: RunHandle, resume: RunResumeState | null = null): Promise<void> {
    const log = this.logger.child({ component: 'agent-runner', messageId: handle.messageId });
    const data = handle.tracked.created.data;
    const startedAtMs = performance.now();
    const model = resolveRunModel(data, this.config.modelCatalog);
    const toolCalls = new Map<string, AgentToolCall>();
    let languageModel: LanguageModel | null = null;
    let prompt: AgentPrompt | null = null;
    let result: RunResult;
    const renew = setInterval(() => this.renewLease(handle), this.options.leaseRenewMs);
    try {
      languageModel = createLanguageModel(this.config.providers, model.providerId, model.modelId);
      prompt = await this.compactedPrompt(handle, model, await this.prompt(handle, Date.now(), model));
      const outcome = await this.loop(handle, languageModel, model, prompt, toolCalls, resume);
      result = this.resultOf(outcome, handle);
    } catch (error) {
      result = failureOf(error);
      if (!(error instanceof ModelProviderNotConfiguredError) && !(error instanceof RunPreemptedError)) {
        log.error({ err: error }, 'agent run failed unexpectedly');
      }
      if (error instanceof RunPreemptedError) handle.stop('preempted');
    } finally {
      clearInterval(renew);
    }
    if (handle.stopReason === 'preempted') {
      log.warn('agent run taken over by another runner; stopping without recording');
      return;
    }
    if (handle.stopReason === 'suspended') {
      await this.release(handle, log);
      return;
    }
    try {
      const durationMs = Math.round(performance.now() - startedAtMs);
      const decisive = await this.record(handle, model, result, toolCalls, durationMs);
      log.info({ status: decisive.data.status, durationMs }, 'agent run ended');
      if (decisive.data.status === 'succeeded' && prompt && handle.stopReason === null) {
        await this.titleIfMissing(handle, languageModel, prompt, decisive.data.content ?? '');
      }
    } catch (error) {
      if (error instanceof RunPreemptedError) log.warn('agent run settled by another runner meanwhile');
      else log.error({ err: error }, 'could not record the end of an agent run');
    }
  }

  private async prompt(handle: RunHandle, now: number, model: RunModel): Promise<AgentPrompt> {
    const data = handle.tracked.created.data;
    const [recorded, workspace] = await Promise.all([
      this.eventStore.readStream(toConversationStreamName(data.conversationId)),
      this.readModels.get<WorkspaceDocument>('workspaces', data.workspaceId),
    ]);
    const events = recorded.flatMap((event) => {
      const current = upcast(event);
      return isConversationEvent(current) ? [current] : [];
    });
    const acceptsImages = model.entry?.acceptsImages ?? false;
    const budgetChars = attachmentBudgetChars(model, this.config.files.promptAttachmentChars);
    const attachments = await loadPromptAttachments(events, this.readModels, this.blobs, { acceptsImages, maxTextChars: budgetChars });
    return buildAgentPrompt(events, data, { workspaceName: workspace?.name ?? null, now, attachments, attachmentBudgetChars: budgetChars, acceptsImages });
  }

  /**
   * When the prompt would fill more than the configured share of the model's context window, the
   * conversation is compacted first (everything before the message being answered) and the prompt
   * rebuilt on the summary. A compaction that fails, or finds nothing new to cover, leaves the
   * prompt as it was: the run goes on.
   */
  private async compactedPrompt(handle: RunHandle, model: RunModel, prompt: AgentPrompt): Promise<AgentPrompt> {
    const contextSize = model.entry?.contextSize;
    if (contextSize === undefined) return prompt;
    if (!(await promptExceedsContextShare(prompt.system, prompt.messages, contextSize, this.options.compactionContextShare))) return prompt;
    const data = handle.tracked.created.data;
    try {
      const started = await this.compactor.start({
        workspaceId: data.workspaceId,
        conversationId: data.conversationId,
        trigger: 'threshold',
        coversUpToRank: prompt.parent.rank,
        model: { providerId: model.providerId, modelId: model.modelId },
        actor: handle.actor,
      });
      if ((await started.done) !== 'succeeded') return prompt;
    } catch (error) {
      if (error instanceof DomainError) return prompt;
      throw error;
    }
    return this.prompt(handle, Date.now(), model);
  }

  private async loop(
    handle: RunHandle,
    languageModel: LanguageModel,
    model: RunModel,
    prompt: AgentPrompt,
    toolCalls: Map<string, AgentToolCall>,
    resume: RunResumeState | null,
  ): Promise<AgentLoopOutcome> {
    const data = handle.tracked.created.data;
    const actionIds = new RunActionIds();
    // The wait goes on the run stream (after the text before it), so a runner taking the run over knows what to wait for.
    const recordWait = async (call: ToolCallRequest, wait: AgentToolCallWait, ...before: AgentRunEvent[]) => {
      await recorder.flush();
      const { callId, name, input, step } = call;
      await handle.writer.append(...before, { type: 'AgentToolCallWaiting', data: { call: { callId, name, input, step }, wait, usage: recorder.usage, at: Date.now() } });
      handle.waitStarted(callId);
    };
    const tools = new ApprovalGate(this.toolSources.forRun(), this.approvals, {
      skip: data.skipToolsValidation,
      stakes: data.configuration.toolStakes,
      timeoutMs: this.options.approvalTimeoutMs,
      claimed: handle.claimed,
      actionIdOf: (callId) => actionIds.of(callId),
      announce: (blocked, call) =>
        recordWait(call, { kind: 'approval', actionId: blocked.actionId }, {
          type: 'AgentToolApprovalRequested',
          data: { call: blocked, agentName: data.configuration.name, at: Date.now() },
        }),
      waitEnded: async (callId) => {
        handle.waitEnded(callId);
        await handle.writer.append({ type: 'AgentToolCallWaitEnded', data: { callId, at: Date.now() } });
      },
    });
    const recorder = new RunRecorder(
      handle.writer,
      handle.tracked.createdPosition,
      (name) => tools.definition(name),
      { intervalMs: this.options.tokenFlushMs, maxChars: this.options.tokenFlushChars },
      actionIds,
    );
    if (resume) recorder.restore(resume);
    const toolContext: ToolContext = {
      workspaceId: data.workspaceId,
      conversationId: data.conversationId,
      agentMessageId: data.messageId,
      userId: prompt.parent.user?.sId ?? null,
      agentConfigurationId: data.configuration.sId,
      clientSideMCPServerIds: prompt.parent.context.clientSideMCPServerIds ?? [],
    };
    const untrack = this.waits.track(data.messageId, (call, wait) => recordWait(call, wait));
    try {
      const outcome = await runAgentLoop(
        {
          model: languageModel,
          system: prompt.system,
          messages: prompt.messages,
          tools,
          toolContext,
          resume: resume ? loopResume(resume, { claimed: handle.claimed, gate: tools, waits: this.waits, ctx: toolContext }) : undefined,
          maxSteps: Math.max(1, data.configuration.maxStepsPerRun),
          reasoningEffort: model.reasoningEffort,
          providerOptions: reasoningProviderOptions(this.config.providers, model.providerId, model.reasoningEffort),
          temperature: model.temperature,
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
      await recorder.flush();
      return outcome;
    } finally {
      untrack();
      recorder.discard();
      for (const [callId, call] of recorder.toolCalls) toolCalls.set(callId, call);
    }
  }

  /** A run suspended while it waited gives up its claim, so the next runner takes it over at once. */
  private async release(handle: RunHandle, log: Logger): Promise<void> {
    try {
      await handle.writer.append({ type: 'AgentRunReleased', data: { runnerId: handle.runnerId, at: Date.now() } });
      log.info('agent run suspended while waiting; released for the next runner');
    } catch (error) {
      log.warn({ err: error }, 'could not release a suspended agent run; its lease will lapse');
    }
  }

  private resultOf(outcome: AgentLoopOutcome, handle: RunHandle): RunResult {
    switch (outcome.status) {
      case 'succeeded':
        return { status: 'succeeded', error: null, progress: outcome };
      case 'failed':
        return { status: 'failed', error: outcome.error, progress: outcome };
      case 'cancelled':
        // A shutdown is not the user's cancel: the message says the run was interrupted.
        return handle.stopReason === 'shutdown'
          ? { status: 'failed', error: interruptedError('shutdown'), progress: outcome }
          : { status: 'cancelled', error: null, progress: outcome };
      default:
        return assertNever(outcome);
    }
  }

  /** Builds the outcome of the run and has it recorded on the conversation and the run stream. */
  private record(
    handle: RunHandle,
    model: RunModel,
    result: RunResult,
    recordedCalls: ReadonlyMap<string, AgentToolCall>,
    durationMs: number,
  ): Promise<AgentMessageStatusChanged> {
    const completedTs = Date.now();
    const toolCalls = finalToolCalls(result.progress?.actions ?? [], recordedCalls, completedTs);
    const outcome = outcomeOf(result, model, toolCalls, { completedTs, durationMs });
    return this.outcomes.record(handle, { status: result.status, outcome, at: completedTs }, 'end-stream');
  }

  private async titleIfMissing(handle: RunHandle, model: LanguageModel | null, prompt: AgentPrompt, answer: string) {
    const data = handle.tracked.created.data;
    const state = await this.executor.read(conversationAggregate, data.conversationId);
    if (state.status !== 'active' || state.title !== null) return;
    const title = await generateConversationTitle(model, prompt.parent.content, answer);
    if (title.length === 0) return;
    await this.executor.execute(
      conversationAggregate,
      data.conversationId,
      (current): ChangeTitle => ({
        type: 'ChangeTitle',
        conversationId: data.conversationId,
        workspaceId: data.workspaceId,
        now: Date.now(),
        // Someone may have named it meanwhile: theirs stays (an unchanged title records nothing).
        title: current.status === 'initial' ? title : (current.title ?? title),
      }),
      { actor: handle.actor },
    );
  }

  private renewLease(handle: RunHandle): void {
    const data = handle.tracked.created.data;
    const at = Date.now();
    handle.writer
      .append({ type: 'AgentRunLeaseExtended', data: { runnerId: handle.runnerId, leaseUntil: at + this.options.leaseMs, at } })
      .catch((error: unknown) => {
        if (error instanceof RunPreemptedError) handle.stop('preempted');
        else this.logger.warn({ err: error, messageId: data.messageId }, 'could not extend an agent run lease');
      });
  }
}

function failureOf(error: unknown): RunResult {
  if (error instanceof ModelProviderNotConfiguredError) {
    return { status: 'failed', error: { code: error.code, message: error.message, metadata: { providerId: error.providerId } }, progress: null };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: 'failed', error: { code: 'unexpected_error', message: `The agent run failed: ${message}`, metadata: null }, progress: null };
}

/**
 * Characters of attached text a run's prompt may take: the configured ceiling, and at most half of
 * the model's context (about 4 characters a token), so attachments never crowd out the conversation.
 */
function attachmentBudgetChars(model: RunModel, ceilingChars: number): number {
  const contextChars = (model.entry?.contextSize ?? 128_000) * 4;
  return Math.min(ceilingChars, Math.floor(contextChars / 2));
}
