import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { neverEndingPdf, pdfWithPages } from '../../../../../test/support/extraction/pdf-samples';
import { docxWithParagraphs, pptxWithSlides, xlsxWithSheets } from '../../../../../test/support/extraction/office-samples';
import { DEFAULT_EXTRACTION_LIMITS } from '../../config/file-extraction-settings';
import { WorkerPoolTextExtractor, type WorkerPoolOptions } from './worker-pool-text-extractor';

const options: WorkerPoolOptions = { concurrency: 1, maxQueued: 10, timeoutMs: 60_000, maxHeapMb: 256, limits: DEFAULT_EXTRACTION_LIMITS };

/** Tests built to time out use this limit; a loaded machine only makes them slower to pass. */
const SHORT_TIMEOUT_MS = 1_000;

// Worker threads start in seconds on a busy machine; each test bounds its own waits.
jest.setTimeout(120_000);

describe('worker pool text extractor', () => {
  const pools: WorkerPoolTextExtractor[] = [];
  const pool = (overrides: Partial<WorkerPoolOptions> = {}): WorkerPoolTextExtractor => {
    const created = new WorkerPoolTextExtractor({ ...options, ...overrides });
    pools.push(created);
    return created;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((created) => created.close()));
  });

  it('extracts each Office format and HTML to its text in a worker thread', async () => {
    const extractor = pool();
    const docx = await docxWithParagraphs(['Quarterly memo', 'Revenue grew 12%.']);
    const pptx = await pptxWithSlides([{ paragraphs: ['Kick-off'] }]);
    const xlsx = await xlsxWithSheets([{ name: 'Q1', rows: [['region', 'sales'], ['EMEA', 42]] }]);
    expect(await extractor.extract(docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toEqual({
      ok: true,
      text: 'Quarterly memo\n\nRevenue grew 12%.',
    });
    expect(await extractor.extract(pptx, 'application/vnd.openxmlformats-officedocument.presentationml.presentation')).toEqual({
      ok: true,
      text: '## Slide 1\n\nKick-off',
    });
    expect(await extractor.extract(xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toEqual({
      ok: true,
      text: '## Q1\n\n```csv\nregion,sales\nEMEA,42\n```',
      tables: [{ name: 'Q1', rows: [['region', 'sales'], ['EMEA', '42']] }],
    });
    expect(await extractor.extract(Buffer.from('<p>Hello <b>there</b></p><script>x()</script>'), 'text/html')).toEqual({ ok: true, text: 'Hello there' });
    expect(await extractor.extract(Buffer.from('a;b\n1;2'), 'text/csv', 'export.csv')).toEqual({
      ok: true,
      text: '## export.csv\n\n```csv\na,b\n1,2\n```',
      tables: [{ name: 'export.csv', rows: [['a', 'b'], ['1', '2']] }],
    });
  });

  it('reports what the worker used for the file', async () => {
    const { result, usage } = await pool().extractMeasured(pdfWithPages([['Measured']]), 'application/pdf');
    expect(result).toEqual({ ok: true, text: 'Measured' });
    expect(usage).toEqual({
      elapsedMs: expect.any(Number),
      heapTotalBytes: expect.any(Number),
      heapUsedBytes: expect.any(Number),
      externalBytes: expect.any(Number),
      processMaxRssBytes: expect.any(Number),
    });
    expect(usage!.heapUsedBytes).toBeGreaterThan(0);
    expect(usage!.heapTotalBytes).toBeGreaterThanOrEqual(usage!.heapUsedBytes);
  });

  it('terminates a file past its time limit, keeps the event loop free meanwhile, and serves the next file', async () => {
    const extractor = pool({ timeoutMs: SHORT_TIMEOUT_MS });
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 20);
    const result = await extractor.extract(neverEndingPdf(), 'application/pdf');
    clearInterval(ticker);
    expect(result).toEqual({ ok: false, reason: 'The extraction timed out after 1 s.' });
    expect(ticks).toBeGreaterThan(0);
    expect(await extractor.extract(Buffer.from('after'), 'text/plain')).toEqual({ ok: true, text: 'after' });
  });

  it('runs no more files at once than its concurrency', async () => {
    const extractor = pool({ concurrency: 1, timeoutMs: SHORT_TIMEOUT_MS });
    const started = Date.now();
    const results = await Promise.all([extractor.extract(neverEndingPdf(), 'application/pdf'), extractor.extract(neverEndingPdf(), 'application/pdf')]);
    expect(results.map((result) => result.ok)).toEqual([false, false]);
    // One after the other: the second file's clock starts when the first one's worker is gone.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * SHORT_TIMEOUT_MS);
  });

  it('fails a file at once when the queue is full', async () => {
    const extractor = pool({ concurrency: 1, maxQueued: 1, timeoutMs: SHORT_TIMEOUT_MS });
    const running = extractor.extract(neverEndingPdf(), 'application/pdf');
    await new Promise((resolve) => setImmediate(resolve));
    const queued = extractor.extract(Buffer.from('queued'), 'text/plain');
    expect(await extractor.extract(Buffer.from('refused'), 'text/plain')).toEqual({
      ok: false,
      reason: 'Too many files are waiting for extraction; try again later.',
    });
    expect((await running).ok).toBe(false);
    expect(await queued).toEqual({ ok: true, text: 'queued' });
  });

  it('with no queue at all, takes a file when a worker is free and refuses one when none is', async () => {
    const extractor = pool({ concurrency: 1, maxQueued: 0, timeoutMs: SHORT_TIMEOUT_MS });
    expect(await extractor.extract(Buffer.from('free'), 'text/plain')).toEqual({ ok: true, text: 'free' });
    const running = extractor.extract(neverEndingPdf(), 'application/pdf');
    expect((await extractor.extract(Buffer.from('busy'), 'text/plain')).ok).toBe(false);
    expect((await running).ok).toBe(false);
  });

  it('reads exactly the bytes of a view into a larger buffer, and leaves the caller\'s bytes alone', async () => {
    const whole = Buffer.from('xx<p>hello</p>xx');
    const view = whole.subarray(2, 14);
    expect(await pool().extract(view, 'text/html')).toEqual({ ok: true, text: 'hello' });
    expect(whole.toString()).toBe('xx<p>hello</p>xx');
  });

  it('fails only the file whose worker crashed, and replaces the worker', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'extraction-worker-'));
    const script = join(directory, 'crashing.worker.js');
    writeFileSync(
      script,
      `const { parentPort, threadId } = require('node:worker_threads');
       parentPort.on('message', (request) => {
         if (request.contentType === 'crash') throw new Error('boom');
         parentPort.postMessage({ kind: 'done', id: request.id, result: { ok: true, text: String(threadId) }, usage: null });
       });
       parentPort.postMessage({ kind: 'ready' });`,
    );
    try {
      const extractor = pool({ workerScript: script });
      const first = await extractor.extract(Buffer.from(''), 'echo');
      expect(await extractor.extract(Buffer.from(''), 'crash')).toEqual({ ok: false, reason: 'The extraction crashed: boom' });
      const after = await extractor.extract(Buffer.from(''), 'echo');
      expect(after.ok && first.ok && after.text !== first.text).toBe(true);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('fails waiting and running files when closed, and every file after', async () => {
    const extractor = pool({ concurrency: 1, timeoutMs: 60_000 });
    const running = extractor.extract(neverEndingPdf(), 'application/pdf');
    const waiting = extractor.extract(Buffer.from('waiting'), 'text/plain');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await extractor.close();
    expect(await running).toEqual({ ok: false, reason: 'The extractor is shutting down.' });
    expect(await waiting).toEqual({ ok: false, reason: 'The extractor is shutting down.' });
    expect(await extractor.extract(Buffer.from('late'), 'text/plain')).toEqual({ ok: false, reason: 'The extractor is shut down.' });
  });
});
