import type { AgentActionRecord } from '@app/contracts/events/agent-run.events';
import { isConversationEvent, type AgentMessageStatusChanged } from '@app/contracts/events/conversation.events';
import { upcast } from '@app/contracts/events/upcast';
import type { AgentAction } from '@app/contracts/http/conversation.types';
import type { WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import type { ChangeTitle } from '@app/domain/conversation/conversation.commands';
import { conversationDecider } from '@app/domain/conversation/conversation.decider';
import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { LanguageModel } from 'ai';
import type { Logger } from 'pino';
import { CommandExecutor } from '../../application/command-executor';
import { newPrefixedId } from '../../common/ids';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { LOGGER } from '../../infrastructure/logger';
import { ReadModels } from '../../infrastructure/read-models.service';
import {
  createLanguageModel,
  ModelProviderNotConfiguredError,
  reasoningProviderOptions,
} from '../../models/language-model.factory';
import { runAgentLoop } from '../loop/agent-loop';
import type { AgentLoopEvent, AgentLoopOutcome } from '../loop/agent-loop.types';
import type { ToolCallResult } from '../tools/tool-registry.port';
import { actionWhenCalled, actionWhenDone, finalActions } from './agent-actions';
import { AGENT_RUNNER_OPTIONS, type AgentRunnerOptions } from './agent-runner.options';
import { AgentToolSources } from './agent-tool-sources';
import { generateConversationTitle } from './conversation-title';
import { buildAgentPrompt, type AgentPrompt } from './prompt-builder';
import type { RunHandle } from './run-handle';
import { resolveRunModel, type RunModel } from './run-model';
import {
  interruptedError,
  lastFinalStatusChange,
  outcomeOf,
  statusChangeFor,
  terminalFor,
  type RunResult,
} from './run-outcome';
import { RunPreemptedError } from './run-stream-writer';
import { TokenCoalescer } from './token-coalescer';

/**
 * Answers one claimed agent message: resolves the model, builds the prompt from the conversation's
 * events, runs the agent loop while recording tokens and tool actions on the run stream, then
 * records the outcome on the conversation (`CompleteAgentMessage`) and ends the run stream with
 * the terminal event matching what the conversation recorded. Never throws.
 */
@Injectable()
export class AgentRunExecutor {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly executor: CommandExecutor,
    private readonly readModels: ReadModels,
    private readonly toolSources: AgentToolSources,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(AGENT_RUNNER_OPTIONS) private readonly options: AgentRunnerOptions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async execute(handle: RunHandle): Promise<void> {
    const log = this.logger.child({ component: 'agent-runner', messageId: handle.messageId });
    const data = handle.tracked.created.data;
    const startedAtMs = performance.now();
    const model = resolveRunModel(data, this.config.modelCatalog);
    const actions = new Map<string, AgentAction>();
    let languageModel: LanguageModel | null = null;
    let prompt: AgentPrompt | null = null;
    let result: RunResult;
    const renew = setInterval(() => this.renewLease(handle), this.options.leaseRenewMs);
    try {
      languageModel = createLanguageModel(this.config.providers, model.providerId, model.modelId);
      prompt = await this.prompt(handle, Date.now());
      const outcome = await this.loop(handle, languageModel, model, prompt, actions);
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
    try {
      const durationMs = Math.round(performance.now() - startedAtMs);
      const decisive = await this.record(handle, model, result, actions, durationMs);
      log.info({ status: decisive.data.status, durationMs }, 'agent run ended');
      if (decisive.data.status === 'succeeded' && prompt && handle.stopReason === null) {
        await this.titleIfMissing(handle, languageModel, prompt, decisive.data.content ?? '');
      }
    } catch (error) {
      if (error instanceof RunPreemptedError) log.warn('agent run settled by another runner meanwhile');
      else log.error({ err: error }, 'could not record the end of an agent run');
    }
  }

  private async prompt(handle: RunHandle, now: number): Promise<AgentPrompt> {
    const data = handle.tracked.created.data;
    const [recorded, workspace] = await Promise.all([
      this.eventStore.readStream(toConversationStreamName(data.conversationId)),
      this.readModels.get<WorkspaceDocument>('workspaces', data.workspaceId),
    ]);
    const events = recorded.flatMap((event) => {
      const current = upcast(event);
      return isConversationEvent(current) ? [current] : [];
    });
    return buildAgentPrompt(events, data, { workspaceName: workspace?.name ?? null, now });
  }

  private async loop(
    handle: RunHandle,
    languageModel: LanguageModel,
    model: RunModel,
    prompt: AgentPrompt,
    actions: Map<string, AgentAction>,
  ): Promise<AgentLoopOutcome> {
    const { created, createdPosition } = handle.tracked;
    const data = created.data;
    const tokens = new TokenCoalescer(
      async (batch) => {
        await handle.writer.append({ type: 'AgentTokensGenerated', data: { ...batch, at: Date.now() } });
      },
      { intervalMs: this.options.tokenFlushMs, maxChars: this.options.tokenFlushChars },
    );
    const calls = new Map<string, { action: AgentActionRecord; id: number }>();
    const tools = this.toolSources.forRun();
    const toolContext = {
      workspaceId: data.workspaceId,
      conversationId: data.conversationId,
      agentMessageId: data.messageId,
      userId: prompt.parent.user?.sId ?? null,
      agentConfigurationId: data.configuration.sId,
    };
    const definitions = new Map((await tools.listTools(toolContext)).map((definition) => [definition.name, definition]));
    const recordCall = async (callId: string, name: string, params: unknown, step: number) => {
      const at = Date.now();
      const action = actionWhenCalled({
        sId: newPrefixedId('act'),
        callId,
        name,
        params,
        step,
        agentMessageId: createdPosition,
        definition: definitions.get(name),
        at,
      });
      const { position } = await handle.writer.append({ type: 'AgentToolParamsRecorded', data: { action, at } });
      const call = { action, id: position };
      calls.set(callId, call);
      return call;
    };
    const recordResult = async (
      event: { callId: string; name: string; input: unknown; step: number },
      result: ToolCallResult,
      durationMs: number,
    ) => {
      const call = calls.get(event.callId) ?? (await recordCall(event.callId, event.name, event.input, event.step));
      const at = Date.now();
      const done = actionWhenDone(call.action, call.id, result, durationMs, at);
      actions.set(event.callId, done);
      await handle.writer.append({ type: result.ok ? 'AgentActionSucceeded' : 'AgentActionFailed', data: { action: done, at } });
    };
    const sink = async (event: AgentLoopEvent): Promise<void> => {
      switch (event.kind) {
        case 'text-delta':
          return tokens.push(event.text, 'tokens', event.step);
        case 'reasoning-delta':
          return tokens.push(event.text, 'chain_of_thought', event.step);
        case 'tool-call':
          await tokens.flush();
          await recordCall(event.callId, event.name, event.input, event.step);
          return;
        case 'tool-result':
          await tokens.flush();
          return recordResult(event, event.result, event.durationMs);
        case 'step-finished':
          return;
        default:
          return unreachable(event);
      }
    };
    try {
      const outcome = await runAgentLoop(
        {
          model: languageModel,
          system: prompt.system,
          messages: prompt.messages,
          tools,
          toolContext,
          maxSteps: Math.max(1, data.configuration.maxStepsPerRun),
          reasoningEffort: model.reasoningEffort,
          providerOptions: reasoningProviderOptions(this.config.providers, model.providerId, model.reasoningEffort),
          temperature: model.temperature,
          abortSignal: handle.signal,
          timeoutMs: this.options.runTimeoutMs,
          idleTimeoutMs: this.options.idleTimeoutMs,
        },
        sink,
      );
      await tokens.flush();
      return outcome;
    } finally {
      tokens.discard();
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
        return unreachable(outcome);
    }
  }

  /** Records the outcome on the conversation, then ends the run stream as the conversation says. */
  private async record(
    handle: RunHandle,
    model: RunModel,
    result: RunResult,
    recordedActions: ReadonlyMap<string, AgentAction>,
    durationMs: number,
  ): Promise<AgentMessageStatusChanged> {
    const { created, createdPosition } = handle.tracked;
    const data = created.data;
    const completedTs = Date.now();
    const actions = finalActions(result.progress?.actions ?? [], recordedActions, createdPosition, completedTs);
    const outcome = outcomeOf(result, model, actions, { completedTs, durationMs });
    const stream = toConversationStreamName(data.conversationId);
    let decisive: AgentMessageStatusChanged | null = null;
    try {
      const written = await this.executor.execute(
        conversationDecider,
        stream,
        {
          type: 'CompleteAgentMessage',
          conversationId: data.conversationId,
          workspaceId: data.workspaceId,
          now: completedTs,
          messageId: data.messageId,
          status: result.status,
          ...outcome,
        },
        { actor: handle.actor },
      );
      decisive = written.events.find((event): event is AgentMessageStatusChanged => event.type === 'AgentMessageStatusChanged') ?? null;
      // SSE listeners that see the end and then read the conversation must find it there.
      if (written.position !== null) await this.readModels.waitFor(written.position).catch(() => undefined);
    } catch (error) {
      this.logger.warn({ err: error, messageId: data.messageId }, 'could not record the agent outcome on its conversation');
    }
    if (decisive === null) {
      // Someone settled the message first (a cancel, a recovery): the stream must say what they recorded.
      const events = (await this.eventStore.readStream(stream)).map((event) => upcast(event));
      decisive = lastFinalStatusChange(events, data.messageId) ?? statusChangeFor(created, result.status, outcome, completedTs);
    }
    await handle.writer.append(terminalFor(created, createdPosition, decisive));
    return decisive;
  }

  private async titleIfMissing(handle: RunHandle, model: LanguageModel | null, prompt: AgentPrompt, answer: string) {
    const data = handle.tracked.created.data;
    const stream = toConversationStreamName(data.conversationId);
    const state = await this.executor.read(conversationDecider, stream);
    if (state.status !== 'active' || state.title !== null) return;
    const title = await generateConversationTitle(model, prompt.parent.content, answer);
    if (title.length === 0) return;
    await this.executor.execute(
      conversationDecider,
      stream,
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

function unreachable(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
