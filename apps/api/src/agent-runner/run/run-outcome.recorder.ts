import type { AgentMessageOutcome } from '@app/contracts/events/conversation/agent-message-event-values';
import type { AgentMessageStatusChanged } from '@app/contracts/events/conversation/conversation.events';
import { upcast } from '@app/contracts/events/upcast';
import { toConversationStreamName } from '@app/domain/conversation/conversation.stream';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConversationAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { LOGGER } from '../../common/logger';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { Metrics } from '../../metrics/metrics';
import { lastFinalStatusChange, statusChangeFor, terminalFor, type FinalStatus } from './run-outcome';
import type { RunStreamWriter } from './run-stream-writer';
import type { TrackedMessage } from '../claiming/run-tracker';

/** A run whose end is being recorded: its message, the writer of its run stream, who writes. */
export interface SettlingRun {
  readonly tracked: TrackedMessage;
  readonly writer: RunStreamWriter;
  readonly actor: string;
}

/** How a run ended, as `CompleteAgentMessage` carries it. */
export interface RunEnding {
  readonly status: FinalStatus;
  readonly outcome: AgentMessageOutcome;
  /** When the run ended (the command's `now`). */
  readonly at: number;
}

/**
 * When the conversation refuses or fails to record the outcome: the runner that ran the message
 * ends the run stream with its own status anyway, since nobody else will; a recovery rethrows, and
 * the next sweep tries again.
 */
export type WhenUnrecorded = 'end-stream' | 'rethrow';

/**
 * The one place a run's end is recorded, whether its runner finished it or a sweep recovers it
 * after its lease expired: `CompleteAgentMessage` on the conversation, then the run stream's
 * terminal event saying what the conversation holds. That is someone else's status when they
 * settled the message first (a cancel, a recovery), so the stream never contradicts the
 * conversation.
 */
@Injectable()
export class RunOutcomeRecorder {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly conversations: ConversationAggregateWriter,
    private readonly readModels: ReadModels,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly metrics: Metrics,
  ) {}

  /** Records the outcome on the conversation, then ends the run stream as the conversation says. */
  async record(run: SettlingRun, ending: RunEnding, whenUnrecorded: WhenUnrecorded): Promise<AgentMessageStatusChanged> {
    const decisive = await this.complete(run, ending, whenUnrecorded);
    this.metrics.agentRuns.inc({ outcome: decisive.data.status });
    if (decisive.data.status === 'failed') this.warnFailed(decisive);
    await this.endRunStream(run, decisive);
    return decisive;
  }

  /** Ends the run stream with the terminal event matching a final status the conversation holds. */
  async endRunStream(run: SettlingRun, change: AgentMessageStatusChanged): Promise<void> {
    await run.writer.append(terminalFor(run.tracked.created, run.tracked.createdPosition, change));
  }

  /** Operators see failed runs without reading events; the message stays out, as it may quote a provider's answer. */
  private warnFailed({ data }: AgentMessageStatusChanged): void {
    this.logger.warn(
      {
        workspaceId: data.workspaceId,
        conversationId: data.conversationId,
        messageId: data.messageId,
        agentId: data.configurationId,
        errorCode: data.error?.code ?? 'unexpected_error',
      },
      'agent run failed',
    );
  }

  private async complete(run: SettlingRun, ending: RunEnding, whenUnrecorded: WhenUnrecorded): Promise<AgentMessageStatusChanged> {
    const { created } = run.tracked;
    const data = created.data;
    const stream = toConversationStreamName(data.conversationId);
    try {
      const written = await this.conversations.run(
        data.conversationId,
        {
          type: 'CompleteAgentMessage',
          conversationId: data.conversationId,
          workspaceId: data.workspaceId,
          now: ending.at,
          messageId: data.messageId,
          status: ending.status,
          ...ending.outcome,
        },
        run.actor,
      );
      // SSE listeners that see the end and then read the conversation must find it there.
      if (written.position !== null) await this.readModels.waitFor(written.position).catch(() => undefined);
      const change = written.events.find((event): event is AgentMessageStatusChanged => event.type === 'AgentMessageStatusChanged');
      if (change) return change;
    } catch (error) {
      if (whenUnrecorded === 'rethrow') throw error;
      this.logger.warn({ err: error, messageId: data.messageId }, 'could not record the agent outcome on its conversation');
    }
    // Someone settled the message first (a cancel, a recovery): the stream must say what they recorded.
    const events = (await this.eventStore.readStream(stream)).map((event) => upcast(event));
    return lastFinalStatusChange(events, data.messageId) ?? statusChangeFor(created, ending.status, ending.outcome, ending.at);
  }
}
