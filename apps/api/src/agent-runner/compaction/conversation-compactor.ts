import type { ConversationEvent } from '@app/contracts/events/conversation/conversation.events';
import type { CompactionTrigger } from '@app/contracts/events/conversation/conversation-compaction.events';
import type { CompleteCompaction, StartCompaction } from '@app/domain/conversation/conversation.commands';
import { EVENT_STORE, type EventStore } from '@app/storage';
import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { aiSdk } from '../../common/ai-sdk';
import type { Logger } from 'pino';
import { readConversationEvents } from '../../event-sourcing/reading/conversation-events';
import type { CommandInput } from '../../event-sourcing/writing/aggregate-writer';
import { ConversationAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { newSId } from '../../common/ids';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { LOGGER } from '../../common/logger';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { createLanguageModel } from '../models/language-model.factory';
import { COMPACTION_INSTRUCTIONS, compactionTranscript } from './compaction-transcript';

/** Which model writes a summary. */
export interface CompactionModel {
  readonly providerId: string;
  readonly modelId: string;
}

/** What starting a compaction asks for. */
export interface CompactionRequest {
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly trigger: CompactionTrigger;
  /** Ranks below this one are summarized; the whole conversation when omitted. */
  readonly coversUpToRank?: number;
  /** The model of the run that needs the room; otherwise the conversation's latest agent model. */
  readonly model?: CompactionModel;
  readonly actor: string;
}

/** A compaction that was started: its message, and the log position of its creation. */
export interface StartedCompaction {
  readonly messageId: string;
  readonly position: number | null;
  /** Settles once the compaction message is `succeeded` or `failed` (never rejects). */
  readonly done: Promise<'succeeded' | 'failed'>;
}

const SUMMARY_TIMEOUT_MS = 120_000;
/** A compaction still running this long after it started has lost its writer (every live one times out before). */
const ABANDONED_AFTER_MS = SUMMARY_TIMEOUT_MS + 30_000;

/**
 * Writes compaction messages (spec 2.9): records the message `created` (posting is refused from
 * then on), asks the model for a summary of what it covers through the AI SDK (the provider path
 * of agent runs), and records `succeeded` with the summary or `failed` with the reason. Every
 * started compaction is ended, whatever happens, so a failure leaves the conversation usable; at
 * start it fails those whose writer died with its process (once they are past any live one's timeout).
 */
@Injectable()
export class ConversationCompactor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly conversations: ConversationAggregateWriter,
    private readonly readModels: ReadModels,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // In the background: the read models first catch up with the log (the projector starts too).
    void this.scheduleAbandoned().catch((error: unknown) => this.logger.warn({ err: error }, 'could not look for abandoned compactions'));
  }

  private async scheduleAbandoned(): Promise<void> {
    await this.readModels.waitFor(await this.eventStore.headPosition());
    const compacting = await this.readModels.find<ConversationDocument>('conversations', { where: { compacting: true } });
    for (const conversation of compacting) {
      const { compaction } = conversation;
      if (!compaction) continue;
      const wait = Math.max(0, compaction.startedAt + ABANDONED_AFTER_MS - Date.now());
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.failAbandoned(conversation.workspaceId, conversation.sId, compaction.messageId);
      }, wait);
      timer.unref();
      this.timers.add(timer);
    }
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  /** Records an abandoned compaction as failed (nothing when it ended meanwhile). */
  private async failAbandoned(workspaceId: string, conversationId: string, messageId: string): Promise<void> {
    const command = {
      type: 'CompleteCompaction' as const,
      conversationId,
      workspaceId,
      messageId,
      status: 'failed' as const,
      content: null,
      error: 'The compaction was interrupted by a restart.',
    };
    await this.conversations.run(conversationId, command, 'system:compactor').catch((error: unknown) => {
      this.logger.error({ err: error, conversationId, messageId }, 'could not fail an abandoned compaction');
    });
  }

  /** Records the compaction message (409 while another runs, 400 with nothing to compact) and starts the summary. */
  async start(request: CompactionRequest): Promise<StartedCompaction> {
    const messageId = newSId();
    const command: CommandInput<StartCompaction> = {
      type: 'StartCompaction',
      conversationId: request.conversationId,
      workspaceId: request.workspaceId,
      messageId,
      trigger: request.trigger,
      ...(request.coversUpToRank !== undefined ? { coversUpToRank: request.coversUpToRank } : {}),
    };
    const outcome = await this.conversations.run(request.conversationId, command, request.actor);
    return { messageId, position: outcome.position, done: this.summarize(request, messageId) };
  }

  private async summarize(request: CompactionRequest, messageId: string): Promise<'succeeded' | 'failed'> {
    let result: Pick<CompleteCompaction, 'status' | 'content' | 'error'>;
    try {
      const events = await readConversationEvents(this.eventStore, request.conversationId);
      const created = events.find((e) => e.type === 'CompactionMessageCreated' && e.data.messageId === messageId);
      const coversUpToRank = created?.type === 'CompactionMessageCreated' ? created.data.coversUpToRank : 0;
      const model = request.model ?? latestAgentModel(events) ?? this.defaultModel();
      if (!model) throw new Error('No model provider is configured to write the summary (set OPENAI_API_KEY or another provider key).');
      const { text } = await aiSdk().generateText({
        model: createLanguageModel(this.config.providers, model.providerId, model.modelId),
        system: COMPACTION_INSTRUCTIONS,
        prompt: compactionTranscript(events, coversUpToRank),
        maxRetries: 1,
        abortSignal: AbortSignal.timeout(SUMMARY_TIMEOUT_MS),
      });
      const summary = text.trim();
      if (summary.length === 0) throw new Error('The model returned an empty summary.');
      result = { status: 'succeeded', content: summary, error: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn({ err: error, conversationId: request.conversationId, messageId }, 'compaction failed');
      result = { status: 'failed', content: null, error: `The compaction failed: ${reason}` };
    }
    try {
      await this.conversations.run(
        request.conversationId,
        { type: 'CompleteCompaction', conversationId: request.conversationId, workspaceId: request.workspaceId, messageId, ...result },
        request.actor,
      );
    } catch (error) {
      this.logger.error({ err: error, conversationId: request.conversationId, messageId }, 'could not record the end of a compaction');
      return 'failed';
    }
    return result.status;
  }


  private defaultModel(): CompactionModel | null {
    const first = this.config.modelCatalog[0];
    return first ? { providerId: first.providerId, modelId: first.modelId } : null;
  }
}

/** The model the conversation's latest agent message ran on (its per-message choice, or its agent's). */
function latestAgentModel(events: readonly ConversationEvent[]): CompactionModel | null {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i];
    if (event.type !== 'AgentMessageCreated') continue;
    const chosen = event.data.modelSelection ?? event.data.configuration.model;
    return { providerId: chosen.providerId, modelId: chosen.modelId };
  }
  return null;
}
