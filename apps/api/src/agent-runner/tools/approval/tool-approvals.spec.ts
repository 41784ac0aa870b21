import type { EventStore, EventSubscription } from '@app/storage';
import { toolApprovalAggregate } from '@app/domain/tool-approval/tool-approval.decider';
import { AggregateWriter } from '../../../event-sourcing/writing/aggregate-writer';
import type { DeciderExecutor } from '../../../event-sourcing/writing/decider-executor';
import type { StreamAppender } from '../../../event-sourcing/writing/stream-appender';
import { ToolApprovals } from './tool-approvals';

/** A subscription that yields nothing until closed. */
function silentSubscription(): EventSubscription {
  let close: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (close = resolve));
  return {
    async *[Symbol.asyncIterator]() {
      await closed;
    },
    close: async () => close(),
  };
}

describe('ToolApprovals.settlement', () => {
  afterEach(() => jest.useRealTimers());

  it('expires only once the wall clock has passed the wait, even when the timer fires early', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const commands: Array<{ type: string; now: number }> = [];
    const executor = { execute: jest.fn(async (_aggregate: unknown, _id: string, command: { type: string; now: number }) => void commands.push(command)) };
    const store = { subscribeToStream: () => silentSubscription() } as unknown as EventStore;
    const approvals = new ToolApprovals(store, new AggregateWriter(executor as unknown as DeciderExecutor, toolApprovalAggregate), {} as StreamAppender);
    const controller = new AbortController();
    const settled = approvals.settlement('msg', 'act', 10_000, controller.signal);
    // The wall clock falls 3 ms behind the timers' clock, which then reaches 10 s.
    jest.advanceTimersByTime(9_999);
    jest.setSystemTime(1_000_000 + 9_999 - 3);
    jest.advanceTimersByTime(1);
    await Promise.resolve();
    expect(commands).toEqual([]);
    jest.advanceTimersByTime(3);
    await Promise.resolve();
    expect(commands).toEqual([expect.objectContaining({ type: 'ExpireToolApproval' })]);
    expect(commands[0].now).toBeGreaterThanOrEqual(1_000_000 + 10_000);
    controller.abort();
    await settled;
  });
});
