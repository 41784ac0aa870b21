import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { WalIndexHeader } from './wal-index-header';

const dir = mkdtempSync(join(tmpdir(), 'wal-index-header-'));
let files = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database in WAL mode with one table, and the header of its `-shm` file. */
function walDatabase(): { path: string; db: DatabaseSync; header: WalIndexHeader } {
  const path = join(dir, `db-${++files}.sqlite`);
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x INTEGER)');
  const header = WalIndexHeader.of(path);
  if (!header) throw new Error('no -shm file');
  return { path, db, header };
}

describe('WalIndexHeader', () => {
  it('is unchanged between two looks with no commit, and changed after a commit of another connection', () => {
    const { path, db, header } = walDatabase();
    expect(header.unchanged()).toBe(false);
    expect(header.unchanged()).toBe(true);
    expect(header.unchanged()).toBe(true);
    const other = new DatabaseSync(path);
    other.exec('INSERT INTO t VALUES (1)');
    expect(header.unchanged()).toBe(false);
    expect(header.unchanged()).toBe(true);
    db.exec('INSERT INTO t VALUES (2)');
    expect(header.unchanged()).toBe(false);
    other.close();
    db.close();
    header.close();
  });

  it("sees another process's commit, and a commit after the WAL was checkpointed and started over", () => {
    const { path, db, header } = walDatabase();
    db.exec('INSERT INTO t VALUES (1)');
    header.unchanged();
    expect(header.unchanged()).toBe(true);
    const script = `const { DatabaseSync } = require('node:sqlite'); new DatabaseSync(${JSON.stringify(path)}).exec('INSERT INTO t VALUES (2)');`;
    execFileSync(process.execPath, ['-e', script]);
    expect(header.unchanged()).toBe(false);
    expect(header.unchanged()).toBe(true);
    // A full checkpoint alone changes no data; the next commit writes the WAL from its start again.
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    header.unchanged();
    expect(header.unchanged()).toBe(true);
    db.exec('INSERT INTO t VALUES (3)');
    expect(header.unchanged()).toBe(false);
    db.close();
    header.close();
  });

  it('has nothing to read for a database in memory, or whose -shm file does not exist', () => {
    expect(WalIndexHeader.of(':memory:')).toBeNull();
    expect(WalIndexHeader.of(join(dir, 'absent.sqlite'))).toBeNull();
  });

  it('answers changed once closed, so its caller asks SQLite', () => {
    const { db, header } = walDatabase();
    header.unchanged();
    header.close();
    expect(header.unchanged()).toBe(false);
    db.close();
  });
});
