import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_DOCUMENT_BYTES } from '@app/contracts/documents/section-shape';
import { slowestHealthzDuring, slowestHoldOverAttempts } from './support/event-loop-probe';
import { freePort, runCli, startServer, stopServer } from './support/server-process';

/** What the issue asks of the event loop while any text is tokenized. */
const HEALTHZ_WITHIN_MS = 100;

/** `bytes` of UTF-8: `'a'` repeated (one pre-token of the encoding, quadratic to encode whole). */
const oneLetter = (bytes: number): string => 'a'.repeat(bytes);

/**
 * `bytes` of UTF-8: ideographs of the supplementary planes drawn at random, no spaces. One
 * pre-token of four bytes a character, mostly unknown to the vocabulary and never twice the same
 * piece: the slowest text per byte found for the encoder, and two million tokens at most.
 */
function rareIdeographs(bytes: number): string {
  const next = drawing(12_345);
  const characters: string[] = [];
  for (let size = 0; size + 4 <= bytes; size += 4) characters.push(String.fromCodePoint(0x20000 + (next() % 0xa000)));
  return characters.join('');
}

/** Whole numbers drawn from `seed` (a linear congruential generator): the same text every run. */
function drawing(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648);
}

/**
 * `bytes` of word-like text: lower-case words of 2 to 9 letters drawn at random, in sentences.
 * Cheap to tokenize, but nearly every word is new to the search index, which makes its write the
 * heaviest of any text of that size.
 */
function randomWords(bytes: number): string {
  const next = drawing(54_321);
  const parts: string[] = [];
  for (let size = 0; size < bytes - 16; ) {
    const length = 2 + (next() % 8);
    let word = '';
    for (let i = 0; i < length; i += 1) word += String.fromCharCode(97 + (next() % 26));
    const part = next() % 11 === 0 ? `${word}. ` : `${word} `;
    parts.push(part);
    size += part.length;
  }
  return parts.join('');
}

/**
 * The api in its own process (as deployed: the test's own event loop must not share the work), and
 * /healthz polled back to back from a third process while a request runs: the slowest answer is the longest the event
 * loop was held meanwhile.
 */
describe('pathological text does not hold the event loop', () => {
  let dataDir: string;
  let server: Awaited<ReturnType<typeof startServer>>;
  let baseUrl: string;
  let userKey: string;
  let builderKey: string;
  let dataSourcePath: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wcs-pathological-'));
    const port = await freePort();
    server = await startServer(dataDir, port, { BOOTSTRAP_WORKSPACE: 'false' });
    baseUrl = `http://127.0.0.1:${port}`;
    const cli = (args: string[]) => runCli(dataDir, args);
    const { workspaceId, apiKey: admin } = await cli(['workspace', 'create', '--name', 'Pathological', '--region', 'us-central1']);
    ({ apiKey: builderKey } = await cli(['key', 'create', '--workspace', workspaceId, '--role', 'builder']));
    ({ apiKey: userKey } = await cli(['key', 'create', '--workspace', workspaceId, '--role', 'user', '--user', 'ada@example.com']));
    const post = async (path: string, key: string, body: unknown): Promise<any> =>
      (await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    // Keys created by the CLI reach the server's read models within moments.
    let space: any;
    for (let attempt = 0; attempt < 50 && space?.space === undefined; attempt += 1) {
      space = await post(`/api/w/${workspaceId}/spaces`, admin, { name: 'Knowledge', isRestricted: false });
      if (space?.space === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const created = await post(`/api/w/${workspaceId}/spaces/${space.space.sId}/data_sources`, builderKey, { name: 'Handbook' });
    dataSourcePath = `/api/v1/w/${workspaceId}/spaces/${space.space.sId}/data_sources/${created.dataSource.sId}`;
  }, 120_000);

  afterAll(async () => {
    await stopServer(server.child, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends `body` to `path`, /healthz polled from another process until the answer is read whole (and `settleMs` after). */
  async function whilePolling(path: string, key: string, body: unknown, settleMs = 0): Promise<{ status: number; text: string; slowestHealthzMs: number; polls: number }> {
    const { result, slowestMs, polls } = await slowestHealthzDuring(baseUrl, async () => {
      const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      // Read as it streams, parsed only once the polling stopped: parsing is the test's own work.
      const chunks: Buffer[] = [];
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk));
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      return { status: response.status, chunks };
    });
    return { status: result.status, text: Buffer.concat(result.chunks).toString('utf8'), slowestHealthzMs: slowestMs, polls };
  }

  const inputs: [string, () => string][] = [
    [`${MAX_DOCUMENT_BYTES} bytes of one letter`, () => oneLetter(MAX_DOCUMENT_BYTES)],
    [`${MAX_DOCUMENT_BYTES} bytes of random rare ideographs`, () => rareIdeographs(MAX_DOCUMENT_BYTES)],
    [`${MAX_DOCUMENT_BYTES} bytes of random words`, () => randomWords(MAX_DOCUMENT_BYTES)],
  ];

  it.each(inputs)('tokenizes %s for a user key, /healthz answering within 100 ms meanwhile', async (_name, make) => {
    const text = make();
    const figures = await slowestHoldOverAttempts(HEALTHZ_WITHIN_MS, async () => {
      const { status, text: answer, slowestHealthzMs, polls } = await whilePolling(`${dataSourcePath}/tokenize`, userKey, { text });
      expect(status).toBe(200);
      const { tokens } = JSON.parse(answer) as { tokens: [number, string][] };
      expect(tokens.length).toBeGreaterThan(Buffer.byteLength(text) / 16);
      if (text.startsWith('aa')) expect(tokens.map(([, piece]) => piece).join('') === text).toBe(true);
      expect(polls).toBeGreaterThan(1);
      return slowestHealthzMs;
    });
    expect(Math.min(...figures)).toBeLessThan(HEALTHZ_WITHIN_MS);
  }, 180_000);

  it.each(inputs)('upserts a document of %s, counted and chunked, /healthz answering within 100 ms meanwhile', async (name, make) => {
    const text = make();
    const documentId = name.includes('letter') ? 'one-letter' : name.includes('words') ? 'words' : 'ideographs';
    // Without `async` the answer waits for the search index (up to a second), which chunked the text;
    // the polling goes on a second more for whatever follows.
    const figures = await slowestHoldOverAttempts(HEALTHZ_WITHIN_MS, async () => {
      const { status, text: answer, slowestHealthzMs } = await whilePolling(`${dataSourcePath}/documents/${documentId}`, builderKey, { text, light_document_output: true }, 1_000);
      expect(status).toBe(200);
      const { document } = JSON.parse(answer);
      expect(document.token_count).toBeGreaterThan(Buffer.byteLength(text) / 16);
      expect(document.chunk_count).toBeGreaterThan(100);
      return slowestHealthzMs;
    });
    expect(Math.min(...figures)).toBeLessThan(HEALTHZ_WITHIN_MS);
  }, 180_000);
});
