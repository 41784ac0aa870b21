import { BoundedWriteQueue, type WriteUnit } from './bounded-write-queue';

/** A transaction that records the units it ran, and fails when one of them throws. */
function recorder() {
  const committed: string[][] = [];
  const transaction = (work: () => void) => {
    const ran: string[] = [];
    current = ran;
    try {
      work();
    } finally {
      current = null;
    }
    committed.push(ran);
  };
  let current: string[] | null = null;
  const unit = (name: string, cost: number, fail = false): WriteUnit => ({
    cost,
    run: () => {
      if (fail) throw new Error(`${name} refused`);
      current!.push(name);
    },
  });
  return { committed, transaction, unit };
}

describe('BoundedWriteQueue', () => {
  it('puts small writes asked for together in one transaction, in order', async () => {
    const { committed, transaction, unit } = recorder();
    const queue = new BoundedWriteQueue(transaction, 100);
    await Promise.all([queue.write([unit('a1', 10), unit('a2', 10)]), queue.write([unit('b1', 10)]), queue.write([unit('c1', 0)])]);
    expect(committed).toEqual([['a1', 'a2', 'b1', 'c1']]);
  });

  it('spreads a large write over transactions within the budget, with a turn of the event loop between two', async () => {
    const { committed, transaction, unit } = recorder();
    // After each commit, a callback waits for the next turn of the event loop: it runs before the
    // next transaction only if the queue gave the turn back.
    const seenBetween: number[] = [];
    const observed = (work: () => void) => {
      transaction(work);
      const count = committed.length;
      setImmediate(() => seenBetween.push(committed.length - count));
    };
    const sliced = new BoundedWriteQueue(observed, 100);
    await sliced.write(Array.from({ length: 10 }, (_, i) => unit(`u${i}`, 40)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(committed).toEqual([['u0', 'u1'], ['u2', 'u3'], ['u4', 'u5'], ['u6', 'u7'], ['u8', 'u9']]);
    expect(seenBetween).toEqual([0, 0, 0, 0, 0]);
  });

  it('lets a unit heavier than the budget through alone, and keeps later writes behind an unfinished one', async () => {
    const { committed, transaction, unit } = recorder();
    const queue = new BoundedWriteQueue(transaction, 100);
    await Promise.all([queue.write([unit('big', 500), unit('tail', 60)]), queue.write([unit('next', 60)])]);
    expect(committed).toEqual([['big'], ['tail'], ['next']]);
  });

  it('fails a refused write alone, undoing what it committed, and keeps the others', async () => {
    const { committed, transaction, unit } = recorder();
    const queue = new BoundedWriteQueue(transaction, 100);
    const undone: string[] = [];
    const refused = queue.write([unit('r1', 60), unit('r2', 60, true)], () => undone.push('r'));
    const kept = queue.write([unit('k1', 10)]);
    await expect(refused).rejects.toThrow('r2 refused');
    await expect(kept).resolves.toBeUndefined();
    expect(committed.flat()).toEqual(['r1', 'k1']);
    expect(undone).toEqual(['r']);
  });

  it('answers settled once every write queued before (or meanwhile) is done', async () => {
    const { committed, transaction, unit } = recorder();
    const queue = new BoundedWriteQueue(transaction, 10);
    void queue.write([unit('a', 10), unit('b', 10)]);
    await queue.settled();
    expect(committed.flat()).toEqual(['a', 'b']);
    await queue.settled();
  });

  it('takes a write queued by a caller it has just answered, in the same turn', async () => {
    const { committed, transaction, unit } = recorder();
    const queue = new BoundedWriteQueue(transaction, 100);
    await queue.write([unit('first', 1)]);
    await queue.write([unit('second', 1)]);
    await queue.write([unit('third', 1)]);
    expect(committed.flat()).toEqual(['first', 'second', 'third']);
  });
});
