import type { CellValue, TableColumn } from '@app/contracts/tables/table-values';
import { spawn } from 'node:child_process';
import { TABLE_SQL_PROCESS_SOURCE } from './table-sql.process-source';

/** Heap of the query process: the tables' rows plus SQLite's own memory stay well under it. */
const QUERY_PROCESS_HEAP_MB = 512;

/** A table as the query sees it: its SQL name, schema and rows' cells. */
export interface QueryTable {
  readonly name: string;
  readonly schema: readonly TableColumn[];
  readonly rows: ReadonlyArray<Record<string, CellValue>>;
}

export interface TableSqlLimits {
  /** Wall time of loading and running, after which the query process is killed. */
  readonly timeoutMs: number;
  /** Rows returned at most (the answer says when there were more). */
  readonly maxRows: number;
}

export type TableSqlResult =
  | { readonly ok: true; readonly rows: Record<string, unknown>[]; readonly truncated: boolean }
  | { readonly ok: false; readonly code: 'query_error' | 'query_timeout'; readonly message: string };

/**
 * Runs one read-only SQL statement over tables in a fresh in-memory SQLite database, in a child
 * process that is killed when the time is up: a runaway query costs its time bound, no more,
 * and a write fails on the read-only connection.
 */
export function runTableSql(tables: readonly QueryTable[], sql: string, limits: TableSqlLimits, signal?: AbortSignal): Promise<TableSqlResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${QUERY_PROCESS_HEAP_MB}`, '-e', TABLE_SQL_PROCESS_SOURCE], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    let settled = false;
    const finish = (result: TableSqlResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, code: 'query_timeout', message: `The query ran longer than ${limits.timeoutMs} ms and was stopped.` }), limits.timeoutMs);
    const onAbort = () => finish({ ok: false, code: 'query_timeout', message: 'The query was stopped: the run was cancelled.' });
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('message', (message: { ok: boolean; rows?: Record<string, unknown>[]; truncated?: boolean; message?: string }) =>
      finish(message.ok ? { ok: true, rows: message.rows ?? [], truncated: message.truncated ?? false } : { ok: false, code: 'query_error', message: message.message ?? 'The query failed.' }),
    );
    child.once('error', (error) => finish({ ok: false, code: 'query_error', message: error.message }));
    // Not 'exit': a child that answered and exited may be seen to exit before its answer is read from
    // the channel (it happened on a loaded machine); 'close' comes once the channel is drained too.
    child.once('close', (code, exitSignal) => finish({ ok: false, code: 'query_error', message: `The query process ended without an answer (${exitSignal ?? `exit ${code}`}).` }));
    child.send({ tables, sql, maxRows: limits.maxRows });
  });
}
