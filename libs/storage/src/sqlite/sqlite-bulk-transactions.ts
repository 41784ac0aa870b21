import type { SQLInputValue } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { WAL_FILE_LIMIT_BYTES } from './wal-checkpointer';

/** One transaction for the worker: each run is an index into `sql` followed by that statement's parameters. */
export interface BulkTransaction {
  readonly sql: readonly string[];
  readonly runs: ReadonlyArray<readonly [number, ...SQLInputValue[]]>;
}

interface Settlement {
  readonly seq: number;
  readonly error?: string;
}

// Plain JavaScript run by the worker (eval), so that it needs no file of its own in the build.
// Its connection never checkpoints: the store's own checkpointer copies the WAL for every writer.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.path);
db.exec('PRAGMA busy_timeout = 5000');
db.exec('PRAGMA synchronous = NORMAL');
db.exec('PRAGMA wal_autocheckpoint = 0');
db.exec('PRAGMA journal_size_limit = ' + workerData.walLimitBytes);
const statements = new Map();
let failed = null;
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  if (failed !== null) {
    parentPort.postMessage({ seq: message.seq, error: 'not written: an earlier transaction failed (' + failed + ')' });
    return;
  }
  try {
    db.exec('BEGIN IMMEDIATE');
    for (const [index, ...params] of message.runs) {
      const sql = message.sql[index];
      let statement = statements.get(sql);
      if (statement === undefined) statements.set(sql, (statement = db.prepare(sql)));
      statement.run(...params);
    }
    db.exec('COMMIT');
    parentPort.postMessage({ seq: message.seq });
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    failed = error instanceof Error ? error.message : String(error);
    parentPort.postMessage({ seq: message.seq, error: failed });
  }
});
`;

/**
 * Commits transactions on a second connection to a SQLite file, in a worker thread, in the order
 * given: the caller's thread prepares the next batch while this one writes (in a rebuild of the read
 * models, statements and COMMIT took about half of the main thread's time). After one transaction
 * fails, the later ones are not written and reject, so the file ends at a transaction boundary.
 */
export class SqliteBulkTransactions {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private readonly pending = new Map<number, { readonly resolve: () => void; readonly reject: (error: Error) => void }>();
  /** The last transaction sent: the worker settles them in order, so once it has, all have. */
  private last: Promise<unknown> = Promise.resolve();
  private nextSeq = 0;
  private failure: Error | null = null;

  constructor(path: string) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, walLimitBytes: WAL_FILE_LIMIT_BYTES } });
    this.worker.on('message', (settlement: Settlement) => this.settle(settlement));
    this.worker.on('error', (error) => this.failAll(error));
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    void this.exited.then(() => this.failAll(new Error('The bulk writer stopped')));
  }

  /** Resolves once the transaction is committed; rejects if it or an earlier one failed. */
  run(transaction: BulkTransaction): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = this.nextSeq;
    this.nextSeq += 1;
    const done = new Promise<void>((resolve, reject) => this.pending.set(seq, { resolve, reject }));
    this.last = done.catch(() => undefined);
    this.worker.postMessage({ seq, sql: transaction.sql, runs: transaction.runs });
    return done;
  }

  /** Waits for the transactions sent so far, then closes the connection and ends the worker. */
  async close(): Promise<void> {
    await this.last;
    this.worker.postMessage('close');
    await this.exited;
  }

  private settle({ seq, error }: Settlement): void {
    const entry = this.pending.get(seq);
    if (!entry) return;
    this.pending.delete(seq);
    if (error === undefined) {
      entry.resolve();
      return;
    }
    const failure = new Error(`Bulk write failed: ${error}`);
    this.failure ??= failure;
    entry.reject(failure);
  }

  private failAll(error: Error): void {
    this.failure ??= error;
    for (const entry of this.pending.values()) entry.reject(this.failure);
    this.pending.clear();
  }
}
