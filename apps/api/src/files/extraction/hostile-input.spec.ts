import {
  binaryGarbage,
  docxDeclaringHugeBody,
  docxLyingAboutItsSize,
  docxWithHugeBody,
  pptxWithManyEntries,
  xlsxWithHugeSheet,
} from '../../../../../test/support/extraction/hostile-samples';
import { neverEndingPdf } from '../../../../../test/support/extraction/pdf-samples';
import { DEFAULT_EXTRACTION_LIMITS } from '../../config/file-extraction-settings';
import { WorkerPoolTextExtractor } from './worker-pool-text-extractor';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const HEAP_MB = 96;

// Worker threads start in seconds on a busy machine; each test bounds its own waits.
jest.setTimeout(120_000);

/**
 * Files built to hurt the extractor: each must fail cleanly (ok: false with a reason), within the
 * pool's time and heap limits, and leave the pool able to read the next file.
 */
describe('hostile files', () => {
  const pool = new WorkerPoolTextExtractor({
    concurrency: 1,
    maxQueued: 10,
    // Generous for a loaded machine: a file that should be refused early must not pass by timing out.
    timeoutMs: 60_000,
    maxHeapMb: HEAP_MB,
    limits: DEFAULT_EXTRACTION_LIMITS,
  });
  afterAll(() => pool.close());

  afterEach(async () => {
    expect(await pool.extract(Buffer.from('still serving'), 'text/plain')).toEqual({ ok: true, text: 'still serving' });
  });

  it('refuses a zip bomb by what its directory declares, before unpacking it', async () => {
    expect(await pool.extract(docxDeclaringHugeBody(), DOCX)).toEqual({
      ok: false,
      reason: `The document unpacks to more than ${DEFAULT_EXTRACTION_LIMITS.maxUnzippedBytes} bytes.`,
    });
  });

  it('refuses a zip bomb whose directory lies about its size', async () => {
    expect(await pool.extract(await docxLyingAboutItsSize(300 * 1024 * 1024), XLSX)).toEqual({
      ok: false,
      reason: 'The document holds a part that unpacks to more than it declares, or is corrupt.',
    });
  });

  it('refuses an archive of too many parts', async () => {
    expect(await pool.extract(pptxWithManyEntries(50_000), PPTX)).toEqual({
      ok: false,
      reason: `The document holds more than ${DEFAULT_EXTRACTION_LIMITS.maxZipEntries} parts.`,
    });
  });

  // Runs into the heap limit rather than the time limit: each takes seconds, not the minute allowed.
  it('fails an honest bomb under the size cap on the worker\'s heap limit (DOCX and XLSX)', async () => {
    const outOfMemory = { ok: false, reason: `The file needs more memory to read than the ${HEAP_MB} MB allowed.` };
    expect(await pool.extract(await docxWithHugeBody(150 * 1024 * 1024), DOCX)).toEqual(outOfMemory);
    expect(await pool.extract(await xlsxWithHugeSheet(150 * 1024 * 1024), XLSX)).toEqual(outOfMemory);
  });

  it('refuses HTML nested 100,000 levels deep', async () => {
    const html = `<p>top</p>${'<div>'.repeat(100_000)}bottom${'</div>'.repeat(100_000)}`;
    expect(await pool.extract(Buffer.from(html), 'text/html')).toEqual({ ok: false, reason: 'The HTML is nested deeper than 1000 levels.' });
  });

  it('refuses 600,000 tags the parser nests though no end tag is left out: <html>, <body>, <div/>', async () => {
    for (const tag of ['<html>', '<body>', '<div/>']) {
      expect(await pool.extract(Buffer.from(tag.repeat(600_000)), 'text/html')).toEqual({ ok: false, reason: 'The HTML is nested deeper than 1000 levels.' });
    }
  });

  it('refuses JSON nested a million levels deep', async () => {
    const json = `${'{"a":'.repeat(1_000_000)}1${'}'.repeat(1_000_000)}`;
    expect(await pool.extract(Buffer.from(json), 'application/json')).toEqual({ ok: false, reason: 'The JSON is nested deeper than 64 levels.' });
  });

  it('fails binary garbage declared as each supported format', async () => {
    const garbage = binaryGarbage();
    const types = [
      'application/pdf',
      DOCX,
      PPTX,
      XLSX,
      'application/msword',
      'text/html',
      'text/markdown',
      'text/plain',
      'text/csv',
      'text/tab-separated-values',
      'application/json',
      'application/octet-stream',
    ];
    for (const type of types) {
      const result = await pool.extract(garbage, type);
      expect({ type, ok: result.ok }).toEqual({ type, ok: false });
      expect(result.ok === false && result.reason.length > 0).toBe(true);
    }
  });
});

describe('a PDF that never ends', () => {
  const pool = new WorkerPoolTextExtractor({ concurrency: 1, maxQueued: 10, timeoutMs: 2_000, maxHeapMb: HEAP_MB, limits: DEFAULT_EXTRACTION_LIMITS });
  afterAll(() => pool.close());

  it('is stopped at the time limit', async () => {
    expect(await pool.extract(neverEndingPdf(), 'application/pdf')).toEqual({ ok: false, reason: 'The extraction timed out after 2 s.' });
  });
});
