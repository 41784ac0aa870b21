import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SqliteEventStore } from '@app/storage';

// The event log's write-ahead log starts over during the writer's pauses (WalStartOver: a commit
// that changes nothing, in which SQLite writes and syncs the new log's header). A process appending
// in bursts, with pauses long enough for start-overs, is killed with SIGKILL several times on the
// same file: every append it acknowledged is in the log afterwards.

jest.setTimeout(120_000);

const ROUNDS = 3;
/** Start-overs each process must have made before it is killed. */
const START_OVERS = 3;
const ACKS = 200;

const DIST_STORE = join(__dirname, '..', 'dist', 'libs', 'storage', 'src', 'event-store', 'sqlite-event-store.js');
const DIST_START_OVER = join(__dirname, '..', 'dist', 'libs', 'storage', 'src', 'sqlite', 'wal-start-over.js');

/** Appends 6 events at a time, then pauses 0-60 ms; prints `a <id>` once an append resolved and `s` at each start-over. */
const WRITER = `
const { SqliteEventStore } = require(${JSON.stringify(DIST_STORE)});
const { WalStartOver } = require(${JSON.stringify(DIST_START_OVER)});
const startOver = WalStartOver.prototype.startOver;
WalStartOver.prototype.startOver = function (...args) {
  process.stdout.write('s\\n');
  return startOver.apply(this, args);
};
const store = new SqliteEventStore({ path: process.argv[2], backgroundCheckpoints: true });
const prefix = process.argv[3];
let next = 0;
(async () => {
  for (;;) {
    const burst = Array.from({ length: 6 }, () => {
      const id = prefix + '-' + next++;
      return store
        .append('stream-' + (next % 4), [{ id, type: 'Written', data: { id }, metadata: { schemaVersion: 1 } }], 'any')
        .then(() => process.stdout.write('a ' + id + '\\n'));
    });
    await Promise.all(burst);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 60));
  }
})();
`;

describe('event log: kill -9 while the write-ahead log starts over', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'start-over-kill-'));
    writeFileSync(join(dir, 'writer.js'), WRITER);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs a writer until it made START_OVERS start-overs and ACKS acknowledged appends, then kills it. */
  async function writeUntilKilled(path: string, prefix: string): Promise<{ acknowledged: string[]; startOvers: number }> {
    const child = spawn(process.execPath, [join(dir, 'writer.js'), path, prefix], { stdio: ['ignore', 'pipe', 'inherit'] });
    const acknowledged: string[] = [];
    let startOvers = 0;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    for await (const line of createInterface({ input: child.stdout })) {
      if (line === 's') startOvers += 1;
      else if (line.startsWith('a ')) acknowledged.push(line.slice(2));
      if (startOvers >= START_OVERS && acknowledged.length >= ACKS) {
        child.kill('SIGKILL');
        break;
      }
    }
    clearTimeout(timer);
    child.kill('SIGKILL');
    await exited;
    return { acknowledged, startOvers };
  }

  it('keeps every acknowledged append, round after round on the same file', async () => {
    const path = join(dir, 'events.sqlite');
    const acknowledged: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const written = await writeUntilKilled(path, `r${round}`);
      expect(written.startOvers).toBeGreaterThanOrEqual(START_OVERS);
      acknowledged.push(...written.acknowledged);
      const store = new SqliteEventStore({ path, backgroundCheckpoints: true });
      try {
        const logged = new Set((await store.readAll()).map((event) => event.id));
        expect(acknowledged.filter((id) => !logged.has(id))).toEqual([]);
      } finally {
        await store.close();
      }
    }
  });
});
