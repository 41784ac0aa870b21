/**
 * Retrieval quality on the Cranfield collection: every document goes through the upsert command,
 * the log and the indexing service (chunking, the embedded FTS5 index), every query through the
 * HTTP search endpoint of the api, and nDCG@10 and
 * recall@100 are computed against the judgements, next to a plain BM25 baseline computed in this
 * run on the same documents with the same tokenization. With EMBEDDING_BASE_URL and EMBEDDING_MODEL
 * set, hybrid search is measured too.
 * Run: `npm run build:bench && node dist/bench/search-quality.bench.js` (CRANFIELD_DIR to point at the data).
 */
import { join } from 'node:path';
import { Bm25Baseline, ftsTokens } from './support/bm25-baseline';
import { findCranfieldDirectory, loadCranfield, ndcgAt, recallAt, type CranfieldCollection } from './support/cranfield';
import { runBench } from './support/run-bench';
import { recordFigure } from './support/results';
import type { WorkspaceDocument } from '../libs/contracts/src/read-models/workspace.read-models';
import { CommandBus } from '@nestjs/cqrs';
import type { AuthContext } from '../apps/api/src/auth/auth-context';
import { UpsertDocumentCommand } from '../apps/api/src/data-sources/commands/upsert-document.command';
import { DataSourceLookup } from '../apps/api/src/data-sources/data-source-lookup';
import { ReadModels } from '../apps/api/src/event-sourcing/reading/read-models';
import { searchIndexCaughtUp } from '../test/support/search-helpers';
import { startTestApp } from '../test/support/test-app';

interface Quality {
  readonly ndcg10: number;
  readonly recall100: number;
}

function evaluate(collection: CranfieldCollection, rankings: readonly (readonly string[])[]): Quality {
  let ndcg = 0;
  let recall = 0;
  collection.queries.forEach((query, i) => {
    const judged = collection.judgements.get(query.id) ?? new Map<string, number>();
    ndcg += ndcgAt(10, rankings[i], judged);
    recall += recallAt(100, rankings[i], judged);
  });
  const count = collection.queries.length;
  return { ndcg10: round(ndcg / count), recall100: round(recall / count) };
}

/**
 * Our rankings through the HTTP search endpoint of the real api (in this process): documents go
 * through the upsert command and the log into the index (HTTP upserts are held to 120 a minute per
 * workspace, 12 minutes for this collection), every query is a `GET …/data_sources/{dsId}/search`.
 */
async function ourRankings(collection: CranfieldCollection, env: Readonly<Record<string, string>>): Promise<{ rankings: string[][]; mode: string; indexSeconds: number }> {
  const t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', RATE_LIMIT_PER_KEY: 'off', RATE_LIMIT_PER_WORKSPACE: 'off', ...env });
  try {
    const { workspaceId, apiKey } = await t.createWorkspace('Cranfield');
    const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const spaces = (await (await fetch(`${t.baseUrl}/api/v1/w/${workspaceId}/spaces`, { headers })).json()) as { spaces: { sId: string; kind: string }[] };
    const spaceId = spaces.spaces.find((space) => space.kind === 'global')!.sId;
    const created = await fetch(`${t.baseUrl}/api/w/${workspaceId}/spaces/${spaceId}/data_sources`, { method: 'POST', headers, body: JSON.stringify({ name: 'cranfield' }) });
    const dsId = ((await created.json()) as { dataSource: { sId: string } }).dataSource.sId;
    const workspace = (await t.app.get(ReadModels).get<WorkspaceDocument>('workspaces', workspaceId))!;
    const auth: AuthContext = { workspace, role: 'admin', keyId: 'bench', user: null };
    const target = await t.app.get(DataSourceLookup).inSpace(auth, spaceId, dsId);
    const commands = t.app.get(CommandBus);

    const startedAt = performance.now();
    for (const document of collection.documents) {
      await commands.execute(new UpsertDocumentCommand(auth, target, document.id, { text: document.text, title: document.title, async: true }));
    }
    await searchIndexCaughtUp(t, 600_000);
    const indexSeconds = (performance.now() - startedAt) / 1000;
    const rankings: string[][] = [];
    let mode = 'lexical';
    for (const query of collection.queries) {
      const params = new URLSearchParams({ query: query.text, top_k: '100' });
      const res = await fetch(`${t.baseUrl}/api/v1/w/${workspaceId}/data_sources/${dsId}/search?${params}`, { headers });
      if (res.status !== 200) throw new Error(`search answered ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as { documents: { document_id: string }[]; search_mode: string };
      mode = body.search_mode;
      rankings.push(body.documents.map((document) => document.document_id));
    }
    return { rankings, mode, indexSeconds };
  } finally {
    await t.close();
  }
}

/** The embedding variables of this environment, for the api under test. */
function embeddingEnv(source: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const names = ['EMBEDDING_BASE_URL', 'EMBEDDING_MODEL', 'EMBEDDING_API_KEY', 'EMBEDDING_DIMENSIONS'];
  return Object.fromEntries(names.map((name) => [name, source[name] ?? '']));
}

async function main(): Promise<void> {
  const dir = findCranfieldDirectory(process.env, join(__dirname, '..', '..'));
  if (dir === null) {
    for (const name of ['Cranfield nDCG@10, lexical / BM25 baseline', 'Cranfield recall@100, lexical / BM25 baseline']) {
      recordFigure({ name, value: null, detail: 'collection not found: set CRANFIELD_DIR' });
    }
    return;
  }
  const collection = loadCranfield(dir);

  const startedAt = performance.now();
  const documentTokens = ftsTokens(collection.documents.map((document) => `${document.title} ${document.text}`));
  const queryTokens = ftsTokens(collection.queries.map((query) => query.text));
  const bm25 = new Bm25Baseline(collection.documents.map((document) => document.id), documentTokens);
  const baseline = evaluate(collection, queryTokens.map((terms) => bm25.rank(terms, 100)));
  const baselineSeconds = (performance.now() - startedAt) / 1000;

  const lexicalEnv = embeddingEnv({});
  const lexical = await ourRankings(collection, lexicalEnv);
  const ours = evaluate(collection, lexical.rankings);
  const scale = `${collection.documents.length} documents, ${collection.queries.length} queries; indexed in ${lexical.indexSeconds.toFixed(1)} s`;
  console.log(JSON.stringify({ bench: 'search quality (Cranfield)', baseline, lexical: ours, mode: lexical.mode, baselineSeconds }));
  recordFigure({ name: 'Cranfield nDCG@10, lexical (ours)', value: ours.ndcg10, target: { atLeast: baseline.ndcg10 }, detail: `${scale}; target = BM25 baseline of this run` });
  recordFigure({ name: 'Cranfield nDCG@10, plain BM25 baseline', value: baseline.ndcg10, detail: 'k1 1.2, b 0.75, title + text, FTS5 porter unicode61 tokens' });
  recordFigure({ name: 'Cranfield recall@100, lexical (ours)', value: ours.recall100, target: { atLeast: baseline.recall100 }, detail: 'target = BM25 baseline of this run' });
  recordFigure({ name: 'Cranfield recall@100, plain BM25 baseline', value: baseline.recall100 });

  if (process.env.EMBEDDING_BASE_URL?.trim() && process.env.EMBEDDING_MODEL?.trim()) {
    const hybrid = await ourRankings(collection, embeddingEnv(process.env));
    const quality = evaluate(collection, hybrid.rankings);
    console.log(JSON.stringify({ bench: 'search quality (Cranfield)', hybrid: quality, mode: hybrid.mode }));
    recordFigure({ name: 'Cranfield nDCG@10, hybrid (ours)', value: quality.ndcg10, detail: `${process.env.EMBEDDING_MODEL}, mode ${hybrid.mode}, indexed in ${hybrid.indexSeconds.toFixed(1)} s` });
    recordFigure({ name: 'Cranfield recall@100, hybrid (ours)', value: quality.recall100 });
  } else {
    recordFigure({ name: 'Cranfield nDCG@10, hybrid (ours)', value: null, detail: 'no embedding endpoint: set EMBEDDING_BASE_URL and EMBEDDING_MODEL' });
  }
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

runBench(main);
