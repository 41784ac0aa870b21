/**
 * Document upserts against the built server in its own process, one at a time: a small text
 * document (p50), the same upsert again (a no-op: hash check, no event), and a document at the
 * 2 MiB cap (parse, validation, tokenizing, one event of ~2 MiB, projection). The real service's
 * budget of 120 upserts a minute per workspace bounds how many one run may send.
 * Run: `npm run build:bench && node dist/bench/document-upserts.bench.js`.
 */
import { startApiProcess } from './support/processes';
import { percentiles } from './support/load';
import { runBench } from './support/run-bench';
import { recordFigure } from './support/results';

const SMALL = 80;
const LARGE = 5;

async function timed(request: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  const res = await request();
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`upsert answered ${res.status}`);
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const api = await startApiProcess();
  try {
    const workspace = api.conversations.replace(/\/assistant\/conversations$/, '');
    const privateWorkspace = workspace.replace('/api/v1/w/', '/api/w/');
    const spaces = (await (await fetch(`${workspace}/spaces`, { headers: api.headers })).json()) as { spaces: { sId: string; kind: string }[] };
    const global = spaces.spaces.find((space) => space.kind === 'global')!.sId;
    const created = await fetch(`${privateWorkspace}/spaces/${global}/data_sources`, { method: 'POST', headers: api.headers, body: JSON.stringify({ name: 'bench' }) });
    const { dataSource } = (await created.json()) as { dataSource: { sId: string } };
    const documents = `${workspace}/data_sources/${dataSource.sId}/documents`;
    const upsert = (id: string, body: unknown) => () => fetch(`${documents}/${id}`, { method: 'POST', headers: api.headers, body: JSON.stringify(body) });

    const small: number[] = [];
    for (let i = 0; i < SMALL; i += 1) small.push(await timed(upsert(`doc-${i}`, { text: `Document ${i}: ${'lorem ipsum dolor sit amet '.repeat(40)}`, tags: ['bench'] })));
    const repeated: number[] = [];
    for (let i = 0; i < 20; i += 1) repeated.push(await timed(upsert('doc-0', { text: `Document 0: ${'lorem ipsum dolor sit amet '.repeat(40)}`, tags: ['bench'] })));
    const large: number[] = [];
    for (let i = 0; i < LARGE; i += 1) large.push(await timed(upsert(`large-${i}`, { text: `${i} ${'word '.repeat(400_000)}`, light_document_output: true })));

    const figures = { small: percentiles(small), repeated: percentiles(repeated), large: percentiles(large) };
    console.log(JSON.stringify({ bench: 'document upserts', ...figures }));
    recordFigure({ name: 'Upsert of a 1 KB text document: p50', value: figures.small.p50, unit: 'ms', detail: `p99 ${figures.small.p99} ms, ${SMALL} upserts one at a time` });
    recordFigure({ name: 'Re-upsert of an unchanged document (no event): p50', value: figures.repeated.p50, unit: 'ms' });
    recordFigure({ name: 'Upsert of a 2 MB text document: p50', value: figures.large.p50, unit: 'ms', detail: `max ${figures.large.max} ms, ${LARGE} upserts` });
  } finally {
    await api.stop();
  }
}

runBench(main);
