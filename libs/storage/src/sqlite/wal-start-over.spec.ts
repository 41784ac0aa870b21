import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walGeneration } from '../../test/wal-generation';
import { WalStartOver } from './wal-start-over';

const QUIET_MS = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WalStartOver', () => {
  let dir: string;
  let path: string;
  let writer: DatabaseSync;
  /** Plays the checkpoint worker's part: a second connection that copies the log. */
  let checkpointer: DatabaseSync;
  let startOver: WalStartOver;
  const insert = () => writer.prepare('INSERT INTO t (x) VALUES (?)').run('x');
  const copyAll = () => expect(checkpointer.prepare('PRAGMA wal_checkpoint(PASSIVE)').get()).toMatchObject({ busy: 0 });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wal-start-over-'));
    path = join(dir, 'db.sqlite');
    writer = new DatabaseSync(path);
    writer.exec('PRAGMA journal_mode = WAL');
    writer.exec('PRAGMA wal_autocheckpoint = 0');
    writer.exec('PRAGMA busy_timeout = 5000');
    writer.exec('CREATE TABLE t (x TEXT)');
    checkpointer = new DatabaseSync(path);
    startOver = new WalStartOver(writer, QUIET_MS);
    for (let i = 0; i < 5; i += 1) insert();
  });

  afterEach(() => {
    startOver.stop();
    checkpointer.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts a copied log over once the writer has been quiet, and keeps its busy timeout', async () => {
    copyAll();
    const copied = walGeneration(path);
    startOver.copied();
    await sleep(QUIET_MS * 3);
    const startedOver = walGeneration(path);
    expect(startedOver).not.toBe(copied);
    insert();
    expect(walGeneration(path)).toBe(startedOver);
    expect(writer.prepare('PRAGMA busy_timeout').get()).toEqual({ timeout: 5000 });
    expect(writer.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 6 });
  });

  it('leaves a writer that committed meanwhile alone: its own commit started the log over', async () => {
    copyAll();
    startOver.copied();
    insert();
    const byTheWriter = walGeneration(path);
    copyAll();
    await sleep(QUIET_MS * 3);
    expect(walGeneration(path)).toBe(byTheWriter);
  });

  it('does not start over twice without a change of the writer in between', async () => {
    copyAll();
    startOver.copied();
    await sleep(QUIET_MS * 3);
    const first = walGeneration(path);
    // The worker copies the start-over's own frame and reports the log copied again.
    copyAll();
    startOver.copied();
    await sleep(QUIET_MS * 3);
    expect(walGeneration(path)).toBe(first);
  });

  it('does nothing once the connection is closed or stopped', async () => {
    copyAll();
    const copied = walGeneration(path);
    startOver.copied();
    startOver.stop();
    await sleep(QUIET_MS * 3);
    expect(walGeneration(path)).toBe(copied);
  });
});
