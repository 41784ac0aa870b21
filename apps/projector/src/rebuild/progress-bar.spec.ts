import { createProgressBar } from './progress-bar';

describe('rebuild progress bar', () => {
  const lines: string[] = [];
  const stream = { isTTY: false, write: (text: string) => lines.push(text) } as unknown as NodeJS.WriteStream;

  beforeEach(() => {
    lines.length = 0;
    jest.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => jest.useRealTimers());

  it('draws the share of the log replayed, the events and the rate', () => {
    const bar = createProgressBar(stream);
    jest.setSystemTime(1_000_000 + 2_000);
    bar.update({ position: 50, head: 100, events: 1_000, failed: 0 });
    expect(lines).toEqual(['rebuild [###############---------------] 50.0% 1000 events 500 ev/s\n']);
  });

  it('gives the last line the rate at the last progress, not at the end of the grace period after it', () => {
    const bar = createProgressBar(stream);
    jest.setSystemTime(1_000_000 + 1_000);
    bar.update({ position: 100, head: 100, events: 2_000, failed: 1 });
    jest.setSystemTime(1_000_000 + 3_000);
    bar.done();
    expect(lines.at(-1)).toBe('rebuild [##############################] 100.0% 2000 events 2000 ev/s 1 failed\n');
  });

  it('redraws at most every 100 ms', () => {
    const bar = createProgressBar(stream);
    jest.setSystemTime(1_000_000 + 500);
    bar.update({ position: 1, head: 10, events: 1, failed: 0 });
    jest.setSystemTime(1_000_000 + 550);
    bar.update({ position: 2, head: 10, events: 2, failed: 0 });
    expect(lines).toHaveLength(1);
  });
});
