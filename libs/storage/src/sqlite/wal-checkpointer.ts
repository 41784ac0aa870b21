import type { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { WalStartOver } from './wal-start-over';

/** SQLite's own default: a checkpoint every 1,000 WAL pages. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

/**
 * How often the background connection copies the write-ahead log back into the database file.
 * Often, so that each checkpoint has little to write: its fsync of the database file holds up every
 * WAL fdatasync queued behind it on the disk. Under 1,000 events/s, with checkpoints every 500 ms
 * about 47 appends in each half second saw a projection lag of 3-5 ms (p99 3.8-8.8 ms over 3
 * runs), every 2 s about 250 of them up to 12 ms; every 100 ms, p99 1.4-1.6 ms (2 runs). A round
 * with nothing new to copy does not touch the disk.
 */
export const DEFAULT_CHECKPOINT_INTERVAL_MS = 100;

/**
 * The interval for a connection that writes in bulk and that nobody waits on (a rebuild of the read
 * models): longer rounds copy a page rewritten many times once, and fsync the file less often. A
 * rebuild of 1,000,000 events ran 2-9% faster with rounds every 500 ms than every 100 ms (3 pairs).
 */
export const BULK_CHECKPOINT_INTERVAL_MS = 500;

/**
 * The write-ahead log's bound. A PASSIVE checkpoint copies what was committed when it started, and
 * a writer starts the log over only when it finds every frame copied: under writes that never
 * pause, some always arrive in between, and the log grew without end (a minute of POSTs at about
 * 1,100/s left the read models' WAL at 570 MB beside a 109 MB database, the event log's at 117 MB).
 * Past this size the worker tells the writing connection, which then runs a PASSIVE checkpoint
 * itself, between two of its own transactions: it copies the little the worker's rounds left, so
 * its next transaction finds everything copied and starts the log over (and the file stays about
 * this size: see WAL_FILE_LIMIT_BYTES). The writer's copy took 1.1-15 ms (median 3.3, 13 times in 30 s
 * of about 1,000 POSTs/s); 3.4-22 ms (median 14) before the worker ran a second round just before
 * asking. (A RESTART checkpoint from the worker would have to win the write lock from a writer
 * that hardly lets go: waits of up to a second were measured, and writers stalled up to 200 ms.)
 */
export const WAL_RESTART_BYTES = 64 * 1024 * 1024;

/**
 * What `journal_size_limit` cuts the WAL file back to once the log starts over: above the restart
 * size, so that in steady use the file is reused as it is rather than cut at each restart and grown
 * again; only what a burst left behind (a rebuild's bulk writes) is given back to the disk.
 */
export const WAL_FILE_LIMIT_BYTES = 4 * WAL_RESTART_BYTES;

// Plain JavaScript run by the worker (eval), so that it needs no file of its own in the build.
const WORKER_SOURCE = `
const { closeSync, openSync, readSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.path);
db.exec('PRAGMA busy_timeout = 5000');
db.exec('PRAGMA journal_size_limit = ' + workerData.fileLimitBytes);
const pageSize = Number(db.prepare('PRAGMA page_size').get().page_size);
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const dataVersion = db.prepare('PRAGMA data_version');
// Whether the log holds at most one frame of its current generation: the frames of a generation
// carry the header's salts, and a second frame with others is what an earlier one left.
const headerSalts = Buffer.alloc(8);
const secondFrameSalts = Buffer.alloc(8);
const holdsOneFrameAtMost = () => {
  const fd = openSync(workerData.path + '-wal', 'r');
  try {
    if (readSync(fd, headerSalts, 0, 8, 16) < 8) return true;
    if (readSync(fd, secondFrameSalts, 0, 8, 32 + 24 + pageSize + 8) < 8) return true;
    return !headerSalts.equals(secondFrameSalts);
  } finally {
    closeSync(fd);
  }
};
// data_version when a round last found nothing to do: rounds skip until another connection commits.
let quietAt = null;
const checkpoint = (last) => {
  try {
    const version = workerData.startOver && !last ? dataVersion.get().data_version : null;
    if (version !== null) {
      if (version === quietAt) return;
      // Left uncopied: a log copied in full makes the next commit start it over (the writer's own
      // start-over frame, or a first commit after one, which the next commit simply follows).
      if (holdsOneFrameAtMost()) {
        quietAt = version;
        return;
      }
    }
    // log: frames in the write-ahead log now (not the file's size, which a reset leaves as it was).
    const { log, checkpointed } = passive.get();
    if (version !== null && log > 0 && checkpointed === log) {
      quietAt = version;
      parentPort.postMessage('copied');
    } else if (Number(log) * pageSize > workerData.restartBytes) {
      // Once more first: what came during the round is copied here, so the writer is left little.
      passive.get();
      parentPort.postMessage('restart');
    }
  } catch {
    // Busy or closing: the next round tries again.
  }
};
const timer = setInterval(() => checkpoint(false), workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint(true);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointerOptions {
  /** Time between two rounds (DEFAULT_CHECKPOINT_INTERVAL_MS). */
  readonly intervalMs?: number;
  /** WAL_RESTART_BYTES by default; infinite for a connection that must not be asked to copy. */
  readonly restartBytes?: number;
  /**
   * After a round that copied the whole log, the writing connection starts it over at once, so
   * that its next commit does not (see the class). Off for a connection that is not the one writing.
   */
  readonly startOverWhenCopied?: boolean;
}

/** Whether a SQLite path names a private in-memory database, which no second connection can open. */
export function isInMemory(path: string): boolean {
  return path === ':memory:' || path === '';
}

/**
 * Moves SQLite's WAL checkpoints off the event loop. By default the connection that commits runs
 * a checkpoint every 1,000 WAL pages, inside that commit: it copies pages into the database file
 * and fsyncs it, which stalls every request and the projector for tens of milliseconds (the
 * projection-lag bench's p99 fell from about 21-44 ms to 6-8 ms without them). Here the
 * committing connection does not checkpoint on its own; a second connection in a worker thread runs
 * PASSIVE checkpoints on a timer, which never block writers or readers, and the writer starts the
 * log over once it has all been copied. Past WAL_RESTART_BYTES the committing connection copies the
 * rest itself once, so that the log starts over even under writes that never pause. Durability is unchanged: a commit is
 * durable once it is in the WAL.
 *
 * Starting the log over costs an fsync, even with `synchronous = NORMAL`: SQLite writes the new
 * log's header and syncs it inside the first commit that finds the log copied, before that commit's
 * own frames. With rounds every 100 ms, that is the first commit after any pause of the writer (the
 * first token of an agent's answer after the model's silence: its COMMIT took 0.56-1.1 ms p50
 * instead of about 0.07). With `startOverWhenCopied`, a round that copied everything tells the
 * writing connection, which starts the log over while it has nothing else to do (WalStartOver);
 * its next real commit only appends. It has to be that connection: SQLite makes a connection drop
 * its page cache when another one commits, so a start-over by the worker's own connection made the
 * writer's next transactions read their pages again (POST to model request 0.25-0.7 ms slower in 3
 * alternating pairs; 50 index lookups 0.154 ms p50 after another connection's commit, 0.111 after
 * its own).
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private stopping = false;
  private readonly startOver: WalStartOver;

  private constructor(db: DatabaseSync, path: string, options: Required<WalCheckpointerOptions>) {
    const { intervalMs, restartBytes, startOverWhenCopied } = options;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { path, intervalMs, restartBytes, fileLimitBytes: fileLimitOf(restartBytes), startOver: startOverWhenCopied },
    });
    this.worker.on('error', () => undefined);
    this.startOver = new WalStartOver(db);
    this.worker.on('message', (message: 'copied' | 'restart') => (message === 'copied' ? this.startOver.copied() : restartLog(db)));
    // A checkpointer never keeps a process alive; stop() ends it cleanly. After the listeners: a
    // 'message' listener added later would hold the process again.
    this.worker.unref();
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    // Should the worker die, the committing connection checkpoints again itself: the WAL must not grow forever.
    void this.exited.then(() => {
      if (!this.stopping && db.isOpen) db.exec(`PRAGMA wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
    });
  }

  /**
   * Turns automatic checkpoints off on `db` and starts the background checkpoints, unless the
   * database is in memory (it has no WAL).
   */
  static start(db: DatabaseSync, path: string, options: WalCheckpointerOptions = {}): WalCheckpointer | null {
    if (isInMemory(path)) return null;
    const settings: Required<WalCheckpointerOptions> = {
      intervalMs: options.intervalMs ?? DEFAULT_CHECKPOINT_INTERVAL_MS,
      restartBytes: options.restartBytes ?? WAL_RESTART_BYTES,
      startOverWhenCopied: options.startOverWhenCopied ?? false,
    };
    db.exec('PRAGMA wal_autocheckpoint = 0');
    db.exec(`PRAGMA journal_size_limit = ${fileLimitOf(settings.restartBytes)}`);
    return new WalCheckpointer(db, path, settings);
  }

  /** Runs a last checkpoint and stops the worker. */
  stop(): Promise<void> {
    this.stopping = true;
    this.startOver.stop();
    // Held while it stops: otherwise a process with nothing else to do would exit before the worker does.
    this.worker.ref();
    this.worker.postMessage('stop');
    return this.exited;
  }
}

/** The WAL file's limit for a restart size (infinite: no restart, see SqliteReadStore's bulk mode). */
function fileLimitOf(restartBytes: number): number {
  return Number.isFinite(restartBytes) ? Math.max(restartBytes, WAL_FILE_LIMIT_BYTES) : WAL_FILE_LIMIT_BYTES;
}

/**
 * Copies what the worker's last round left, on the connection that writes, so that its next
 * transaction starts the write-ahead log over (see WAL_RESTART_BYTES). Never inside one of its
 * transactions (they run whole within one turn of the event loop; a message arrives between turns).
 */
function restartLog(db: DatabaseSync): void {
  if (!db.isOpen || db.isTransaction) return;
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  } catch {
    // Busy: the worker asks again after its next round.
  }
}
