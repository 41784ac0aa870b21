import { availableParallelism } from 'node:os';
import { DEFAULT_EXTRACTION_LIMITS, parseFileExtractionSettings } from './file-extraction-settings';

describe('file extraction settings', () => {
  it('defaults to one worker on two cores or fewer, a 30 s limit, a 512 MB heap and a queue of 100', () => {
    const problems: string[] = [];
    const settings = parseFileExtractionSettings({}, problems);
    expect(problems).toEqual([]);
    expect(settings).toEqual({
      concurrency: availableParallelism() <= 2 ? 1 : Math.min(4, Math.floor(availableParallelism() / 2)),
      maxQueued: 100,
      timeoutMs: 30_000,
      maxHeapMb: 512,
      limits: DEFAULT_EXTRACTION_LIMITS,
    });
  });

  it('reads every variable and names the bad ones', () => {
    const problems: string[] = [];
    const settings = parseFileExtractionSettings(
      {
        FILE_EXTRACTION_CONCURRENCY: '3',
        FILE_EXTRACTION_QUEUE_LIMIT: '7',
        FILE_EXTRACTION_TIMEOUT_MS: '5000',
        FILE_EXTRACTION_HEAP_MB: '128',
        FILE_EXTRACTION_MAX_CHARS: '50000',
      },
      problems,
    );
    expect(settings).toMatchObject({ concurrency: 3, maxQueued: 7, timeoutMs: 5_000, maxHeapMb: 128, limits: { maxOutputChars: 50_000 } });
    parseFileExtractionSettings({ FILE_EXTRACTION_CONCURRENCY: '0', FILE_EXTRACTION_HEAP_MB: 'lots' }, problems);
    expect(problems).toEqual([
      'FILE_EXTRACTION_CONCURRENCY must be an integer between 1 and 64 (got "0")',
      'FILE_EXTRACTION_HEAP_MB must be an integer between 32 and 16384 (got "lots")',
    ]);
  });
});
