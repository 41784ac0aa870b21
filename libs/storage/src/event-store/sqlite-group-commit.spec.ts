import { DatabaseSync } from 'node:sqlite';
import { MAX_GROUP_SIZE, SqliteGroupCommit } from './sqlite-group-commit';

describe('SqliteGroupCommit', () => {
  let db: DatabaseSync;
  let statements: string[];
  let committed: number;
  let group: SqliteGroupCommit;
  let realExec: (sql: string) => void;

  beforeEach(() => {
    db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE items (name TEXT PRIMARY KEY)');
    statements = [];
    realExec = db.exec.bind(db);
    jest.spyOn(db, 'exec').mockImplementation((sql: string) => {
      statements.push(sql);
      realExec(sql);
    });
    committed = 0;
    group = new SqliteGroupCommit(db, () => (committed += 1));
  });
  afterEach(() => db.close());

  const insert = (name: string) => (): string => {
    db.prepare('INSERT INTO items (name) VALUES (?)').run(name);
    return name;
  };
  const names = (): string[] => db.prepare('SELECT name FROM items ORDER BY name').all().map((row) => String(row.name));
  const commits = (): number => statements.filter((sql) => sql === 'COMMIT').length;

  it('runs work queued in the same turn in one transaction with one COMMIT', async () => {
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((name) => group.run(insert(name))));
    expect(results).toEqual(['a', 'b', 'c', 'd']);
    expect(names()).toEqual(['a', 'b', 'c', 'd']);
    expect(statements.filter((sql) => sql.startsWith('BEGIN'))).toEqual(['BEGIN IMMEDIATE']);
    expect(commits()).toBe(1);
    expect(committed).toBe(1);
  });

  it('rolls back and rejects only the work that threw; the rest of the group commits', async () => {
    const failing = (): never => {
      db.prepare('INSERT INTO items (name) VALUES (?)').run('half-done');
      throw new Error('refused');
    };
    const outcomes = await Promise.allSettled([group.run(insert('a')), group.run(failing), group.run(insert('a')), group.run(insert('c'))]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toMatchObject({ reason: { message: 'refused' } });
    expect(outcomes[2]).toMatchObject({ reason: { message: expect.stringContaining('UNIQUE') } });
    expect(names()).toEqual(['a', 'c']);
    expect(commits()).toBe(1);
  });

  it('settles each promise only after the COMMIT returned', async () => {
    const seen: Array<{ committed: number; inTransaction: boolean }> = [];
    await Promise.all(
      ['a', 'b'].map((name) => group.run(insert(name)).then(() => seen.push({ committed: commits(), inTransaction: db.isTransaction }))),
    );
    expect(seen).toEqual([
      { committed: 1, inTransaction: false },
      { committed: 1, inTransaction: false },
    ]);
  });

  it('rejects the whole group, and keeps none of it, when the COMMIT fails', async () => {
    jest.mocked(db.exec).mockImplementation((sql: string) => {
      if (sql === 'COMMIT') throw new Error('disk I/O error');
      realExec(sql);
    });
    const outcomes = await Promise.allSettled([group.run(insert('a')), group.run(insert('b'))]);
    expect(outcomes).toMatchObject([
      { status: 'rejected', reason: { message: 'disk I/O error' } },
      { status: 'rejected', reason: { message: 'disk I/O error' } },
    ]);
    expect(db.isTransaction).toBe(false);
    expect(names()).toEqual([]);
    expect(committed).toBe(0);
  });

  it('starts a new group for work queued after a group was flushed', async () => {
    await group.run(insert('a'));
    await group.run(insert('b'));
    expect(commits()).toBe(2);
  });

  it('splits a burst larger than one group into several transactions, in order', async () => {
    const count = MAX_GROUP_SIZE + 3;
    const results = await Promise.all(Array.from({ length: count }, (_, index) => group.run(insert(String(index).padStart(4, '0')))));
    expect(results).toHaveLength(count);
    expect(names()).toHaveLength(count);
    expect(commits()).toBe(2);
  });

  it('commits queued work at once on flush (before the connection closes)', async () => {
    const pending = group.run(insert('a'));
    group.flush();
    expect(names()).toEqual(['a']);
    await expect(pending).resolves.toBe('a');
  });
});

describe('SqliteGroupCommit with a separate flush (COMMIT that does not sync)', () => {
  let db: DatabaseSync;
  beforeEach(() => {
    db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE items (name TEXT PRIMARY KEY)');
  });
  afterEach(() => db.close());
  const insert = (name: string) => (): string => {
    db.prepare('INSERT INTO items (name) VALUES (?)').run(name);
    return name;
  };

  it('tells neither the writers nor the subscribers before the flush ends', async () => {
    let endFlush: () => void = () => undefined;
    let committed = 0;
    const group = new SqliteGroupCommit(db, () => (committed += 1), () => new Promise<void>((resolve) => (endFlush = resolve)));
    let settled = false;
    const written = group.run(insert('a')).then((name) => ((settled = true), name));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(db.prepare('SELECT count(*) AS n FROM items').get()?.n).toBe(1);
    expect(settled).toBe(false);
    expect(committed).toBe(0);
    endFlush();
    await expect(written).resolves.toBe('a');
    expect(committed).toBe(1);
  });

  it('hands the values of the pieces that committed to onWritten before the flush, without the failed ones', async () => {
    let endFlush: () => void = () => undefined;
    const written: unknown[][] = [];
    const group = new SqliteGroupCommit(db, () => undefined, () => new Promise<void>((resolve) => (endFlush = resolve)), (values) => written.push([...values]));
    const failing = group.run(() => {
      throw new Error('refused');
    });
    const results = [group.run(insert('a')), failing.catch(() => 'refused'), group.run(insert('b'))];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(written).toEqual([['a', 'b']]);
    endFlush();
    expect(await Promise.all(results)).toEqual(['a', 'refused', 'b']);
    const onlyFailures = group.run(() => {
      throw new Error('refused');
    });
    await expect(onlyFailures).rejects.toThrow('refused');
    expect(written).toHaveLength(1);
  });

  it('commits urgent work at once when no flush is running, and still settles it only after its flush', async () => {
    let endFlush: () => void = () => undefined;
    const group = new SqliteGroupCommit(db, () => undefined, () => new Promise<void>((resolve) => (endFlush = resolve)));
    let settled = false;
    const written = group.run(insert('a'), true).then(() => (settled = true));
    // Committed in the call itself: no turn of the loop passed.
    expect(db.prepare('SELECT count(*) AS n FROM items').get()?.n).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    endFlush();
    await written;
    expect(settled).toBe(true);
  });

  it('keeps other work for the next turn, even on an idle log (a burst may be arriving)', async () => {
    const group = new SqliteGroupCommit(db, () => undefined, () => Promise.resolve());
    const written = group.run(insert('a'));
    expect(db.prepare('SELECT count(*) AS n FROM items').get()?.n).toBe(0);
    await expect(written).resolves.toBe('a');
  });

  it('gathers the writes made while a flush runs into one group, urgent or not, committed on the next turn', async () => {
    const flushes: Array<() => void> = [];
    const commits: string[] = [];
    const exec = db.exec.bind(db);
    jest.spyOn(db, 'exec').mockImplementation((sql: string) => {
      if (sql === 'COMMIT') commits.push(sql);
      exec(sql);
    });
    const group = new SqliteGroupCommit(db, () => undefined, () => new Promise<void>((resolve) => flushes.push(resolve)));
    const first = group.run(insert('a'), true);
    const rest = ['b', 'c', 'd'].map((name) => group.run(insert(name), name === 'c'));
    expect(commits).toHaveLength(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(commits).toHaveLength(2);
    expect(db.prepare('SELECT count(*) AS n FROM items').get()?.n).toBe(4);
    flushes.forEach((end) => end());
    await expect(Promise.all([first, ...rest])).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('fails the whole group when the flush fails, and tells no subscriber', async () => {
    let committed = 0;
    const group = new SqliteGroupCommit(db, () => (committed += 1), () => Promise.reject(new Error('EIO')));
    const results = await Promise.allSettled([group.run(insert('a')), group.run(insert('b'))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(committed).toBe(0);
  });
});
