import { pdfWithPages } from '../../../../../../test/support/extraction/pdf-samples';
import { DEFAULT_EXTRACTION_LIMITS } from '../../../config/file-extraction-settings';
import { WorkerPoolTextExtractor } from '../worker-pool-text-extractor';

// Worker threads start in seconds on a busy machine; each test bounds its own waits.
jest.setTimeout(120_000);

// PDF.js is an ES module unpdf loads with import(), which jest's module sandbox cannot do: the
// PDF reader is exercised where it runs in production, in a worker thread of the built code.
describe('PDF extraction', () => {
  const pool = new WorkerPoolTextExtractor({ concurrency: 1, maxQueued: 10, timeoutMs: 60_000, maxHeapMb: 256, limits: DEFAULT_EXTRACTION_LIMITS });
  afterAll(() => pool.close());

  it('reads every page in order, its lines on their own lines, pages separated by a blank line', async () => {
    const pdf = pdfWithPages([
      ['Master services agreement', 'The term is (exactly) 24 months.'],
      ['Signed in Lyon on 3 March.'],
    ]);
    expect(await pool.extract(pdf, 'application/pdf')).toEqual({
      ok: true,
      text: 'Master services agreement\nThe term is (exactly) 24 months.\n\nSigned in Lyon on 3 March.',
    });
  });

  it('cuts the text of a long PDF at the output cap and marks the cut', async () => {
    const capped = new WorkerPoolTextExtractor({
      concurrency: 1,
      maxQueued: 10,
      timeoutMs: 60_000,
      maxHeapMb: 256,
      limits: { ...DEFAULT_EXTRACTION_LIMITS, maxOutputChars: 1_000 },
    });
    try {
      const pages = Array.from({ length: 200 }, (_, index) => [`Page ${index + 1} of a long report, with enough words to fill a line.`]);
      const result = await capped.extract(pdfWithPages(pages), 'application/pdf');
      if (!result.ok) throw new Error(result.reason);
      expect(result.text.startsWith('Page 1 of a long report')).toBe(true);
      expect(result.text.endsWith('\n\n[Text truncated: the extraction exceeded 1000 characters.]')).toBe(true);
      expect(result.text).not.toContain('Page 200');
    } finally {
      await capped.close();
    }
  });

  it('fails bytes that are not a PDF with the reader\'s reason', async () => {
    const result = await pool.extract(Buffer.from('%PDF-1.4 but nothing else'), 'application/pdf');
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/^The file could not be read as application\/pdf: .+/) });
  });
});
