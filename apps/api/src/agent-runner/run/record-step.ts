import type { AgentToolCall } from '@app/contracts/events/conversation/agent-message-event-values';
import type { AgentMessageStatusChanged } from '@app/contracts/events/conversation/conversation.events';
import type { ChangeTitle } from '@app/domain/conversation/conversation.commands';
import { Injectable } from '@nestjs/common';
import type { LanguageModel } from 'ai';
import type { Logger } from 'pino';
import { ConversationAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { finalToolCalls } from './agent-actions';
import { generateConversationTitle } from './conversation-title';
import type { CommandInput } from '../../event-sourcing/writing/aggregate-writer';
import type { AgentPrompt } from './prompt-builder';
import type { RunHandle } from './run-handle';
import type { RunModel } from './run-model';
import { outcomeOf, type RunResult } from './run-outcome';
import { RunOutcomeRecorder } from './run-outcome.recorder';
import { RunPreemptedError } from './run-stream-writer';

/** What the run produced, for the record step. */
export interface RunProduct {
  readonly model: RunModel;
  readonly result: RunResult;
  /** Tool calls the run stream recorded, by call id. */
  readonly toolCalls: ReadonlyMap<string, AgentToolCall>;
  readonly durationMs: number;
  /** Null when the run failed before them. */
  readonly languageModel: LanguageModel | null;
  readonly prompt: AgentPrompt | null;
}

/**
 * The run's last step. A run preempted by another runner records nothing; one suspended while it
 * waited releases its claim for the next runner; any other has its outcome recorded on the
 * conversation and its run stream ended (RunOutcomeRecorder), and names a conversation still
 * without a title after a first good answer. Never throws.
 */
@Injectable()
export class RecordStep {
  constructor(
    private readonly outcomes: RunOutcomeRecorder,
    private readonly conversations: ConversationAggregateWriter,
  ) {}

  async record(handle: RunHandle, run: RunProduct, log: Logger): Promise<void> {
    if (handle.stopReason === 'preempted') {
      log.warn('agent run taken over by another runner; stopping without recording');
      return;
    }
    if (handle.stopReason === 'suspended') {
      await this.release(handle, log);
      return;
    }
    try {
      const decisive = await this.recordOutcome(handle, run);
      log.info({ status: decisive.data.status, durationMs: run.durationMs }, 'agent run ended');
      if (decisive.data.status === 'succeeded' && run.prompt && handle.stopReason === null) {
        await this.titleIfMissing(handle, run.languageModel, run.prompt, decisive.data.content ?? '');
      }
    } catch (error) {
      if (error instanceof RunPreemptedError) log.warn('agent run settled by another runner meanwhile');
      else log.error({ err: error }, 'could not record the end of an agent run');
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

  private recordOutcome(handle: RunHandle, { model, result, toolCalls, durationMs }: RunProduct): Promise<AgentMessageStatusChanged> {
    const completedTs = Date.now();
    const calls = finalToolCalls(result.progress?.actions ?? [], toolCalls, completedTs);
    const outcome = outcomeOf(result, model, calls, { completedTs, durationMs });
    return this.outcomes.record(handle, { status: result.status, outcome, at: completedTs }, 'end-stream');
  }

  private async titleIfMissing(handle: RunHandle, model: LanguageModel | null, prompt: AgentPrompt, answer: string): Promise<void> {
    const data = handle.tracked.created.data;
    const state = await this.conversations.read(data.conversationId);
    if (state.status !== 'active' || state.title !== null) return;
    const title = await generateConversationTitle(model, prompt.parent.content, answer);
    if (title.length === 0) return;
    await this.conversations.run(
      data.conversationId,
      (current): CommandInput<ChangeTitle> => ({
        type: 'ChangeTitle',
        conversationId: data.conversationId,
        workspaceId: data.workspaceId,
        // Someone may have named it meanwhile: theirs stays (an unchanged title records nothing).
        title: current.status === 'initial' ? title : (current.title ?? title),
      }),
      handle.actor,
    );
  }
}
