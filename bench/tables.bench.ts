/**
 * Tables through the real routes: rows/s of rows upserts (batches of 5,000), rows/s of a CSV import
 * of a 1,000,000-row file (peak RSS meanwhile: the import streams, so memory should not follow the
 * file), and the p50 of a 10-row page at offset 0 and at offset 900,000.
 * Run: `npm run build:bench && node dist/bench/tables.bench.js` (`TABLES_BENCH_ROWS` changes the size).
 */
import { postContent } from '../test/support/file-upload-helpers';
import { call, startTestApp } from '../test/support/test-app';
import { recordFigure } from './support/results';

const CSV_ROWS = Number(process.env.TABLES_BENCH_ROWS ?? 1_000_000);
const UPSERT_ROWS = 100_000;
const MB = 1024 * 1024;

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10;
}

async function main(): Promise<void> {
  const t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_PER_KEY: 'off', RATE_LIMIT_PER_WORKSPACE: 'off', BODY_LIMIT_BYTES: String(32 * MB) });
  try {
    const { workspaceId, apiKey: key } = await t.createWorkspace('bench');
    const spaceId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key, body: { name: 'Bench', isRestricted: false } })).body.space.sId;
    const dsId = (await call(t.baseUrl, 'POST', `/api/w/${workspaceId}/spaces/${spaceId}/data_sources`, { key, body: { name: 'Bench' } })).body.dataSource.sId;
    const base = `/api/v1/w/${workspaceId}/spaces/${spaceId}/data_sources/${dsId}/tables`;

    await call(t.baseUrl, 'POST', base, { key, body: { name: 'upserted', description: 'd', table_id: 'upserted' } });
    let started = performance.now();
    for (let from = 0; from < UPSERT_ROWS; from += 5_000) {
      const rows = Array.from({ length: 5_000 }, (_, i) => ({ row_id: `r${from + i}`, value: { region: `region_${(from + i) % 7}`, amount: from + i, price: (from + i) / 3 } }));
      const res = await call(t.baseUrl, 'POST', `${base}/upserted/rows`, { key, body: { rows } });
      if (res.status !== 200) throw new Error(`rows upsert: ${res.status} ${JSON.stringify(res.body)}`);
    }
    const upsertSeconds = (performance.now() - started) / 1000;
    recordFigure({ name: `rows upsert (${UPSERT_ROWS.toLocaleString('en')} rows in batches of 5,000)`, value: Math.round(UPSERT_ROWS / upsertSeconds), unit: 'rows/s', detail: `${upsertSeconds.toFixed(1)} s` });

    const lines = ['id,region,amount,paid,day'];
    for (let i = 0; i < CSV_ROWS; i += 1) lines.push(`${i},region_${i % 7},${(i * 7) % 1000}.5,${i % 2 === 0},2024-01-${String((i % 28) + 1).padStart(2, '0')}`);
    const bytes = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
    lines.length = 0;
    const requested = await call(t.baseUrl, 'POST', `/api/v1/w/${workspaceId}/files`, { key, body: { contentType: 'text/csv', fileName: 'big.csv', fileSize: bytes.length, useCase: 'upsert_table' } });
    if (requested.status !== 200) throw new Error(`upload request: ${requested.status} ${JSON.stringify(requested.body)}`);
    const fileId: string = requested.body.file.sId;
    await postContent(t.baseUrl, key, `/api/v1/w/${workspaceId}/files/${fileId}`, bytes, 'big.csv', 'text/csv');

    global.gc?.();
    const baselineRss = process.memoryUsage().rss;
    let peakRss = baselineRss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 20);
    started = performance.now();
    const imported = await call(t.baseUrl, 'POST', `${base}/csv`, { key, body: { name: 'imported', description: 'd', tableId: 'imported', fileId, truncate: true } });
    const importSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (imported.status !== 200) throw new Error(`csv import: ${imported.status} ${JSON.stringify(imported.body)}`);
    const detail = `${CSV_ROWS.toLocaleString('en')} rows, ${(bytes.length / MB).toFixed(1)} MB in ${importSeconds.toFixed(1)} s`;
    recordFigure({ name: `CSV import of a ${CSV_ROWS.toLocaleString('en')}-row file`, value: Math.round(CSV_ROWS / importSeconds), unit: 'rows/s', detail });
    recordFigure({ name: 'CSV import: peak RSS above the process before it (server and client in one process)', value: Math.round((peakRss - baselineRss) / MB), unit: 'MB', detail: `baseline ${Math.round(baselineRss / MB)} MB, file ${(bytes.length / MB).toFixed(1)} MB` });

    const deep = Math.floor(CSV_ROWS * 0.9);
    for (const offset of [0, deep]) {
      const times: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const at = performance.now();
        const page = await call(t.baseUrl, 'GET', `${base}/imported/rows?limit=10&offset=${offset}`, { key });
        times.push(performance.now() - at);
        if (page.status !== 200 || page.body.rows.length !== 10) throw new Error(`rows page at ${offset}: ${page.status}`);
      }
      recordFigure({ name: `rows page of 10 at offset ${offset.toLocaleString('en')}: p50`, value: p50(times), unit: 'ms', target: { below: 100 }, detail: `table of ${CSV_ROWS.toLocaleString('en')} rows` });
    }
  } finally {
    await t.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
