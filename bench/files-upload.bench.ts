/**
 * Upload of a 10 MB file through the real routes (upload request, then the multipart upload, which
 * answers once the file is processed): throughput in MB/s, time to `ready`, and the peak RSS of the
 * process meanwhile; for plain text (decoded as it is) and for a PDF (text extracted).
 * Run: `npm run build:bench && node dist/bench/files-upload.bench.js`.
 */
import { startTestApp, type TestApp } from '../test/support/test-app';
import { minimalPdf } from '../test/support/minimal-pdf';
import { recordFigure } from './support/results';

const SIZE_BYTES = 10 * 1024 * 1024;
const MB = 1024 * 1024;

interface Upload {
  readonly status: string;
  readonly failureReason: string | null;
  readonly seconds: number;
  readonly peakRssBytes: number;
}

async function upload(t: TestApp, workspaceId: string, key: string, name: string, type: string, bytes: Buffer): Promise<Upload> {
  const headers = { authorization: `Bearer ${key}` };
  let peakRssBytes = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRssBytes = Math.max(peakRssBytes, process.memoryUsage().rss);
  }, 10);
  const startedAt = performance.now();
  try {
    const requested = await fetch(`${t.baseUrl}/api/v1/w/${workspaceId}/files`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ contentType: type, fileName: name, fileSize: bytes.length, useCase: 'conversation' }),
    });
    const { file } = (await requested.json()) as { file: { uploadUrl: string } };
    const form = new FormData();
    form.append('file', new File([bytes], name, { type }));
    const uploaded = await fetch(file.uploadUrl, { method: 'POST', headers, body: form });
    const body = (await uploaded.json()) as { file?: { status: string; failureReason?: string }; error?: { message: string } };
    return {
      status: body.file?.status ?? `error ${uploaded.status}`,
      failureReason: body.file?.failureReason ?? body.error?.message ?? null,
      seconds: (performance.now() - startedAt) / 1000,
      peakRssBytes,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** About `size` bytes of readable text, lines of words. */
function textOf(size: number): string {
  const line = 'The quick brown fox jumps over the lazy dog near the river bank at dawn.\n';
  return line.repeat(Math.ceil(size / line.length)).slice(0, size);
}

function report(label: 'text file' | 'PDF', bytes: Buffer, result: Upload): void {
  const ready = result.status === 'ready';
  const detail = ready ? `${(bytes.length / MB).toFixed(1)} MB in ${result.seconds.toFixed(2)} s` : `ended ${result.status}: ${result.failureReason ?? 'no reason'}`;
  console.log(JSON.stringify({ bench: `upload ${label}`, ...result }));
  const throughput = ready ? Math.round((bytes.length / MB / result.seconds) * 10) / 10 : null;
  // Text is only decoded; a PDF's time is mostly extraction, bounded by the time to ready below.
  recordFigure({ name: `upload of a 10 MB ${label} to ready: throughput`, value: throughput, unit: 'MB/s', ...(label === 'text file' ? { target: { atLeast: 5 } } : {}), detail });
  recordFigure({ name: `upload of a 10 MB ${label}: time to ready`, value: ready ? Math.round(result.seconds * 1000) : null, unit: 'ms', target: { below: 20_000 }, detail });
  recordFigure({ name: `upload of a 10 MB ${label}: peak RSS (server and client in one process)`, value: Math.round(result.peakRssBytes / MB), unit: 'MB', detail });
}

async function main(): Promise<void> {
  const t = await startTestApp({ AGENT_RUNNER_ENABLED: 'false', LOG_LEVEL: 'silent', RATE_LIMIT_PER_KEY: 'off', RATE_LIMIT_PER_WORKSPACE: 'off' });
  try {
    const { workspaceId, apiKey } = await t.createWorkspace('bench');
    const text = Buffer.from(textOf(SIZE_BYTES), 'utf8');
    report('text file', text, await upload(t, workspaceId, apiKey, 'big.txt', 'text/plain', text));
    const pdf = minimalPdf(textOf(SIZE_BYTES - 1024).replace(/\n/g, ' '));
    report('PDF', pdf, await upload(t, workspaceId, apiKey, 'big.pdf', 'application/pdf', pdf));
  } finally {
    await t.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
