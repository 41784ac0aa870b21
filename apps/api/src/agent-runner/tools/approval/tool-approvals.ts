import { upcast } from '@app/contracts/events/upcast';
import {
  isToolApprovalEvent,
  toToolApprovalMemoryStreamName,
  toToolApprovalStreamName,
  type BlockedToolCall,
  type ToolAlwaysApproved,
  type ToolApprovalAnswer,
  type UserQuestionAnswer,
} from '@app/contracts/events/tool-approval.events';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { ToolApprovalAggregateWriter } from '../../../event-sourcing/writing/aggregate-writers';
import { StreamAppender } from '../../../event-sourcing/writing/stream-appender';

/** How a blocked call was settled: a person's answer (to an approval or to a question), or nobody answered in time. */
export type ApprovalSettlement = ToolApprovalAnswer | { readonly question: UserQuestionAnswer } | 'expired';

/**
 * The approvals of agent runs, kept as events: a blocked call on its message's approval stream, the
 * answer that unblocks it (from any api instance), and the tools each user always approves.
 */
@Injectable()
export class ToolApprovals {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly approvals: ToolApprovalAggregateWriter,
    private readonly appender: StreamAppender,
  ) {}

  /** Records the call as blocked (once: a resumed run asking again records nothing). */
  async block(call: BlockedToolCall): Promise<void> {
    await this.approvals.run(call.messageId, { type: 'RequestToolApproval', call }, 'system');
  }

  /**
   * Waits for the call's settlement. When `timeoutMs` passes first, the call is expired through the
   * decider, so an answer racing the timer and the expiry cannot both win: the stream decides.
   */
  async settlement(messageId: string, actionId: string, timeoutMs: number, signal: AbortSignal): Promise<ApprovalSettlement | 'cancelled'> {
    // A run stopped before it waited must not leave a timer that would expire the call later.
    if (signal.aborted) return 'cancelled';
    const subscription = this.eventStore.subscribeToStream(toToolApprovalStreamName(messageId));
    // Timers count on the event loop's clock, which lags the wall clock after a long synchronous
    // stretch: re-armed until the wall clock has passed the deadline, so the expiry never comes early.
    const deadline = Date.now() + timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const arm = (ms: number): void => {
      timer = setTimeout(() => {
        const left = deadline - Date.now();
        if (left > 0) arm(left);
        else void this.expire(messageId, actionId);
      }, ms);
    };
    arm(timeoutMs);
    const onAbort = () => void subscription.close();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      for await (const recorded of subscription) {
        const event = upcast(recorded);
        if (!isToolApprovalEvent(event) || !('actionId' in event.data) || event.data.actionId !== actionId) continue;
        if (event.type === 'ToolApprovalGiven') return event.data.answer;
        if (event.type === 'UserQuestionAnswered') return { question: event.data.answer };
        if (event.type === 'ToolApprovalExpired') return 'expired';
      }
      return 'cancelled';
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      await subscription.close();
    }
  }

  /** Whether the user answered `always_approved` for this tool before. */
  async alwaysApproved(workspaceId: string, userId: string, toolKey: string): Promise<boolean> {
    const events = await this.eventStore.readStream(toToolApprovalMemoryStreamName(workspaceId, userId));
    return events.some((event) => event.type === 'ToolAlwaysApproved' && (event.data as ToolAlwaysApproved['data']).toolKey === toolKey);
  }

  /** Remembers that the user always approves this tool. */
  async rememberAlwaysApproved(workspaceId: string, userId: string, toolKey: string): Promise<void> {
    const remembered: ToolAlwaysApproved = { type: 'ToolAlwaysApproved', data: { toolKey, at: Date.now() } };
    await this.appender.append(toToolApprovalMemoryStreamName(workspaceId, userId), [remembered], { actor: userId, expectedRevision: 'any' });
  }

  private async expire(messageId: string, actionId: string): Promise<void> {
    await this.approvals.run(messageId, { type: 'ExpireToolApproval', actionId }, 'system').catch(() => undefined);
  }
}
