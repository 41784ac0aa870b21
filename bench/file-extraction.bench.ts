/**
 * Text extraction of a ~10 MB PDF (2,000 pages of prose) in the worker pool the api uses: time,
 * throughput, the worker's memory, and how long the main thread's event loop stalls meanwhile
 * (it should not: that is why extraction runs in a worker).
 * Run: `npm run build:bench && node dist/bench/file-extraction.bench.js`.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { DEFAULT_EXTRACTION_LIMITS } from '../apps/api/src/config/file-extraction-settings';
import { WorkerPoolTextExtractor } from '../apps/api/src/files/extraction/worker-pool-text-extractor';
import { largeTextPdf, pdfWithPages } from '../test/support/extraction/pdf-samples';
import { recordFigure } from './support/results';

const MB = 1024 * 1024;

async function main(): Promise<void> {
  const pdf = largeTextPdf(10 * MB);
  const sizeMb = pdf.byteLength / MB;
  // The api's defaults, with room for the text of 2,000 pages (≈ 10 M characters).
  const pool = new WorkerPoolTextExtractor({
    concurrency: 1,
    maxQueued: 10,
    timeoutMs: 120_000,
    maxHeapMb: 512,
    limits: { ...DEFAULT_EXTRACTION_LIMITS, maxOutputChars: 20_000_000 },
  });
  try {
    // Start the worker and load the PDF reader first: the figure is the extraction, not the start-up.
    const warmUp = await pool.extract(pdfWithPages([['warm-up']]), 'application/pdf');
    if (!warmUp.ok) throw new Error(warmUp.reason);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const started = performance.now();
    const { result, usage } = await pool.extractMeasured(pdf, 'application/pdf');
    const seconds = (performance.now() - started) / 1000;
    loopDelay.disable();
    if (!result.ok || usage === null) throw new Error(result.ok ? 'no usage reported' : result.reason);
    const pages = result.text.split('\n\n').length;
    const detail = `${sizeMb.toFixed(1)} MB, ${pages} pages, ${(result.text.length / 1e6).toFixed(1)} M characters of text`;
    recordFigure({ name: 'PDF text extraction of a 10 MB file in the worker pool: time', value: Math.round(seconds * 100) / 100, unit: 's', target: { below: 30 }, detail });
    recordFigure({ name: 'PDF text extraction of a 10 MB file: throughput', value: Math.round((sizeMb / seconds) * 100) / 100, unit: 'MB/s', detail: `worker's own time ${(usage.elapsedMs / 1000).toFixed(2)} s` });
    recordFigure({
      name: 'PDF text extraction of a 10 MB file: worker V8 heap at the end',
      value: Math.round(usage.heapTotalBytes / MB),
      unit: 'MB',
      target: { below: 512 },
      detail: `used ${Math.round(usage.heapUsedBytes / MB)} MB, external ${Math.round(usage.externalBytes / MB)} MB; process max RSS ${Math.round(usage.processMaxRssBytes / MB)} MB (main thread and worker)`,
    });
    recordFigure({
      name: 'main thread event loop delay during the 10 MB PDF extraction: p99',
      value: Math.round(loopDelay.percentile(99) / 1e5) / 10,
      unit: 'ms',
      target: { below: 50 },
      detail: `max ${Math.round(loopDelay.max / 1e5) / 10} ms (10 ms sampling; the worker holds the other core)`,
    });
  } finally {
    await pool.close();
  }
}

void main();
