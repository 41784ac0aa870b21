/**
 * Search speed at 100,000 chunks: generated documents (Zipf-distributed words) go through the
 * indexing service lexical-only (chunking, FTS5) until the index holds 100,000 chunks, measuring
 * documents/s and chunks/s and the enqueue-to-searchable delay; then search latency p50/p95 over
 * queries of 1 to 4 content words (half of them with a very common word too), with top_k 10.
 * Run: `npm run build:bench && node dist/bench/search-speed.bench.js [chunks]`.
 */
import type { IndexingOutcome } from '../apps/api/src/search/indexing/document-to-index';
import { seededRandom, ZipfVocabulary } from './support/generated-text';
import { runBench } from './support/run-bench';
import { recordFigure } from './support/results';
import { unfilteredSearch } from '../apps/api/src/search/search-params';
import { benchSearchEngine } from './support/search-engine';

const DATA_SOURCE = 'dts_speed';
const CHUNK_MAX_TOKENS = 128;
const WORDS_PER_DOCUMENT = 260;
const QUERIES = 400;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const targetChunks = Number(process.argv[2] ?? 100_000);
  const random = seededRandom(42);
  const vocabulary = new ZipfVocabulary(30_000, random);
  let chunks = 0;
  let documents = 0;
  const delays: number[] = [];
  const onApplied = (delayMs: number, outcome: IndexingOutcome | null) => {
    delays.push(delayMs);
    if (outcome !== null) {
      chunks += outcome.chunkCount;
      documents += 1;
    }
  };
  const env = { CHUNK_MAX_TOKENS: String(CHUNK_MAX_TOKENS), CHUNK_OVERLAP_TOKENS: '16' };
  const engine = benchSearchEngine(env, onApplied);
  try {
    const startedAt = performance.now();
    let enqueued = 0;
    // Enqueue until the applied chunks reach the target; the bounded queue paces the loop.
    while (chunks < targetChunks) {
      await engine.indexing.upsertDocument({
        dataSourceId: DATA_SOURCE,
        documentId: `doc-${enqueued}`,
        title: `${vocabulary.draw()} ${vocabulary.draw()} ${vocabulary.draw()}`,
        source: { text: vocabulary.paragraph(WORDS_PER_DOCUMENT) },
        tags: [`tag-${enqueued % 20}`],
        parents: [`doc-${enqueued}`, `folder-${enqueued % 50}`],
        parentId: `folder-${enqueued % 50}`,
        sourceUrl: null,
        mimeType: 'text/plain',
        timestamp: enqueued,
        created: 0,
        embeddingProvider: null,
      });
      enqueued += 1;
      if (enqueued % 5_000 === 0) process.stderr.write(`  ${enqueued} documents enqueued, ${chunks} chunks indexed\n`);
    }
    await engine.indexing.whenIdle();
    const indexSeconds = (performance.now() - startedAt) / 1000;

    const latencies: number[] = [];
    for (let i = 0; i < QUERIES; i += 1) {
      // Content words drawn evenly from the vocabulary, with one of the commonest words in every other query.
      const words = Array.from({ length: 1 + (i % 4) }, () => vocabulary.words[Math.floor(random() * vocabulary.words.length)]);
      if (i % 2 === 0) words.push(vocabulary.words[Math.floor(random() * 20)]);
      const query = words.join(' ');
      const began = performance.now();
      await engine.search.search(unfilteredSearch([DATA_SOURCE], query, 10));
      latencies.push(performance.now() - began);
    }
    latencies.sort((a, b) => a - b);
    delays.sort((a, b) => a - b);
    const p50 = round(percentile(latencies, 50));
    const p95 = round(percentile(latencies, 95));
    const documentsPerSecond = Math.round(documents / indexSeconds);
    const chunksPerSecond = Math.round(chunks / indexSeconds);
    const scale = `${chunks} chunks of ≤ ${CHUNK_MAX_TOKENS} tokens in ${documents} documents of ${WORDS_PER_DOCUMENT} words`;
    console.log(JSON.stringify({ bench: 'search speed (SQLite FTS5, lexical)', chunks, documents, indexSeconds, documentsPerSecond, chunksPerSecond, p50, p95 }));
    recordFigure({ name: 'search latency p50 at 100,000 chunks (lexical)', value: p50, unit: 'ms', target: { below: 50 }, detail: `${scale}; ${QUERIES} queries of 1-4 content words (+1 of the 20 commonest words in half), top_k 10` });
    recordFigure({ name: 'search latency p95 at 100,000 chunks (lexical)', value: p95, unit: 'ms', target: { below: 200 } });
    recordFigure({ name: 'indexing rate, lexical only: documents', value: documentsPerSecond, unit: 'documents/s', detail: `${indexSeconds.toFixed(1)} s for ${documents} documents, through the indexing queue` });
    recordFigure({ name: 'indexing rate, lexical only: chunks', value: chunksPerSecond, unit: 'chunks/s' });
    recordFigure({
      name: 'indexing delay p95 (enqueue to searchable) under a full queue',
      value: round(percentile(delays, 95)),
      unit: 'ms',
      detail: `p50 ${round(percentile(delays, 50))} ms; the queue holds up to ${engine.settings.indexingQueueCapacity} documents`,
    });
  } finally {
    await engine.close();
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

runBench(main);
