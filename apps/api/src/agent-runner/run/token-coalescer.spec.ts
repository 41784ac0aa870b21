import { TokenCoalescer, type TokenBatch } from './token-coalescer';

describe('TokenCoalescer', () => {
  let now = 0;
  let written: TokenBatch[];
  /** A batch that came due is written on the check phase that follows (a fake immediate runs on the next fake millisecond). */
  const checkPhase = () => jest.advanceTimersByTimeAsync(1);
  const make = () => new TokenCoalescer(async (batch) => void written.push(batch), { intervalMs: 50, maxChars: 10 }, () => now);

  beforeEach(() => {
    jest.useFakeTimers();
    now = 1_000;
    written = [];
  });
  afterEach(() => jest.useRealTimers());

  it('writes the first delta at once, then groups the next ones for the interval', async () => {
    const tokens = make();
    await tokens.push('a', 'tokens', 0);
    expect(written).toEqual([{ text: 'a', classification: 'tokens', step: 0 }]);
    now += 10;
    await tokens.push('b', 'tokens', 0);
    await tokens.push('c', 'tokens', 0);
    expect(written).toHaveLength(1);
    now += 40;
    await jest.advanceTimersByTimeAsync(40);
    await checkPhase();
    expect(written.map((b) => b.text)).toEqual(['a', 'bc']);
  });

  it('starts the interval when a write is recorded, so deltas behind a slow write gather into one batch', async () => {
    const finishes: (() => void)[] = [];
    const slow = new TokenCoalescer(
      (batch) =>
        new Promise<void>((resolve) => {
          written.push(batch);
          finishes.push(resolve);
        }),
      { intervalMs: 50, maxChars: 100 },
      () => now,
    );
    const first = slow.push('a', 'tokens', 0);
    await jest.advanceTimersByTimeAsync(0);
    now += 120;
    finishes.shift()?.();
    await first;
    // The write took longer than the interval: the next delta still waits for the interval after it.
    await slow.push('b', 'tokens', 0);
    now += 10;
    await slow.push('c', 'tokens', 0);
    expect(written.map((b) => b.text)).toEqual(['a']);
    now += 40;
    await jest.advanceTimersByTimeAsync(50);
    await checkPhase();
    expect(written.map((b) => b.text)).toEqual(['a', 'bc']);
    // Deltas that come while a write is under way wait for it, then the interval.
    now += 30;
    await slow.push('d', 'tokens', 0);
    await jest.advanceTimersByTimeAsync(60);
    expect(written.map((b) => b.text)).toEqual(['a', 'bc']);
    finishes.shift()?.();
    await jest.advanceTimersByTimeAsync(60);
    expect(written.map((b) => b.text)).toEqual(['a', 'bc', 'd']);
    finishes.shift()?.();
    await slow.flush();
  });

  it('writes a batch that comes due with the deltas received in the same turn of the loop', async () => {
    const tokens = make();
    await tokens.push('a', 'tokens', 0);
    // The loop was held (a long fan-out) well past the interval: the deltas the model sent meanwhile
    // are read one after the other, and the first of them must not leave alone.
    now += 300;
    await tokens.push('b', 'tokens', 0);
    await tokens.push('c', 'tokens', 0);
    await tokens.push('d', 'tokens', 0);
    expect(written.map((b) => b.text)).toEqual(['a']);
    await checkPhase();
    expect(written.map((b) => b.text)).toEqual(['a', 'bcd']);
  });

  it('lets the deltas received before the check phase join a batch whose interval ran out', async () => {
    const tokens = make();
    await tokens.push('a', 'tokens', 0);
    now += 10;
    await tokens.push('b', 'tokens', 0);
    // The timer fires late, behind a long fan-out, and the backlog the model sent meanwhile is read
    // after it in the same turn of the loop (a timer due at the same time stands for that I/O).
    now += 300;
    setTimeout(() => void tokens.push('c', 'tokens', 0), 40);
    await jest.advanceTimersByTimeAsync(40);
    await checkPhase();
    expect(written.map((b) => b.text)).toEqual(['a', 'bc']);
  });

  it('writes as soon as the pending text reaches maxChars', async () => {
    const tokens = make();
    await tokens.push('x', 'tokens', 0);
    await tokens.push('0123456789', 'tokens', 0);
    expect(written.map((b) => b.text)).toEqual(['x', '0123456789']);
  });

  it('never mixes channels or steps in one batch, and flush writes the rest in order', async () => {
    const tokens = make();
    await tokens.push('r', 'chain_of_thought', 0);
    await tokens.push('s', 'chain_of_thought', 0);
    await tokens.push('t', 'tokens', 0);
    await tokens.push('u', 'tokens', 1);
    await tokens.flush();
    expect(written).toEqual([
      { text: 'r', classification: 'chain_of_thought', step: 0 },
      { text: 's', classification: 'chain_of_thought', step: 0 },
      { text: 't', classification: 'tokens', step: 0 },
      { text: 'u', classification: 'tokens', step: 1 },
    ]);
  });

  it('surfaces a failed write to the next caller', async () => {
    const tokens = new TokenCoalescer(async () => Promise.reject(new Error('disk full')), { intervalMs: 50, maxChars: 10 }, () => now);
    await expect(tokens.push('a', 'tokens', 0)).rejects.toThrow('disk full');
    await expect(tokens.push('b', 'tokens', 0)).rejects.toThrow('disk full');
  });
});
