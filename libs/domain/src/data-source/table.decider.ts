import type { DataSourceTableEvent, TableImportRowsStaged, TableMetadata, TableRowsUpserted } from '@app/contracts/events/data-source/data-source-table.events';
import type { TableColumn, TableRow } from '@app/contracts/tables/table-values';
import { assertNever } from '@app/contracts/assert-never';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { StageTableImportRows, TableCommand, TableImportCommand, UpsertTable, UpsertTableRows } from './table.commands';
import { extendSchema } from './table-schema';
import { toTableStreamName } from './table.stream';

/** A running CSV import: where its rows are staged, and how far it got. */
export interface TableImportState {
  readonly importId: string;
  readonly fileId: string;
  readonly truncate: boolean;
  /** The generation its rows are staged in. */
  readonly generation: number;
  readonly schema: TableColumn[];
  readonly nextOrdinal: number;
  /** Rows of the file staged so far (rows carried over from the table are not counted). */
  readonly fileRowsStaged: number;
}

/**
 * `generation` counts truncations and deletions (rows of older generations are gone) and survives
 * a deletion, so a table created again under the same id starts without the old rows.
 * `lastGeneration` is the highest one spent, by the table or by an import's staging: a generation
 * is never used twice, since the rows of a dropped one are removed in the background.
 */
export type TableState =
  | { readonly status: 'absent'; readonly generation: number }
  | {
      readonly status: 'live';
      readonly generation: number;
      readonly lastGeneration: number;
      readonly createdAt: number;
      readonly metadata: TableMetadata;
      readonly schema: TableColumn[];
      readonly nextOrdinal: number;
      readonly import: TableImportState | null;
    };

type LiveTable = Extract<TableState, { status: 'live' }>;

const notFound = (): DomainError => new DomainError('table_not_found', 'The table you requested was not found.');

const importInProgress = (): DomainError =>
  new DomainError('table_import_in_progress', 'A CSV import into this table is running; its rows take no other writes until it ends. Try again once its status is ready or failed.');

function live(state: TableState): LiveTable {
  if (state.status === 'absent') throw notFound();
  return state;
}

/** A table whose rows take a write now (no import running). */
function writable(state: TableState): LiveTable {
  const table = live(state);
  if (table.import) throw importInProgress();
  return table;
}

function upsertTable(command: Pick<UpsertTable, 'address' | 'metadata' | 'now'>, state: TableState): DataSourceTableEvent[] {
  const { address, metadata, now: at } = command;
  if (state.status === 'live' && JSON.stringify(state.metadata) === JSON.stringify(metadata)) return [];
  const createdAt = state.status === 'live' ? state.createdAt : at;
  return [{ type: 'TableUpserted', data: { ...address, ...metadata, generation: state.generation, createdAt, at } }];
}

function decide(command: TableCommand, state: TableState): DataSourceTableEvent[] {
  const { address, now: at } = command;
  switch (command.type) {
    case 'UpsertTable':
      return upsertTable(command, state);
    case 'DeleteTable': {
      const table = live(state);
      // The deletion ends a running import: its staged rows are nobody's.
      const ended = table.import ? decideImport({ type: 'FailTableImport', address, importId: table.import.importId, reason: 'The table was deleted.', now: at }, table) : [];
      return [...ended, { type: 'TableDeleted', data: { ...address, generation: table.generation, at } }];
    }
    case 'UpdateTableParents': {
      const table = live(state);
      const parents = [...command.parents];
      if (table.metadata.parentId === command.parentId && JSON.stringify(table.metadata.parents) === JSON.stringify(parents)) return [];
      return [{ type: 'TableParentsChanged', data: { ...address, parentId: command.parentId, parents, at } }];
    }
    case 'UpsertTableRows': {
      const table = writable(state);
      if (!command.truncate) return rowBatches(command, table);
      const generation = table.lastGeneration + 1;
      const truncated = { type: 'TableTruncated' as const, data: { ...address, generation, replacedGeneration: table.generation, at } };
      return [truncated, ...rowBatches(command, { generation, schema: [], nextOrdinal: table.nextOrdinal })];
    }
    case 'DeleteTableRow': {
      const table = writable(state);
      return [{ type: 'TableRowDeleted', data: { ...address, generation: table.generation, rowId: command.rowId, at } }];
    }
    case 'FailUnstagedImport': {
      const { rowsImported, reason } = command;
      if (live(state).import) return [];
      return [{ type: 'TableImportStatusChanged', data: { ...address, state: 'failed', rowsImported, reason, at } }];
    }
    case 'StartTableImport':
    case 'StageTableImportRows':
    case 'RecordTableImportProgress':
    case 'CompleteTableImport':
    case 'FailTableImport':
      return decideImport(command, state);
    default:
      return assertNever(command);
  }
}

/** The commands of a CSV import; those naming an import that is not the running one change nothing (it ended). */
function decideImport(command: TableImportCommand, state: TableState): DataSourceTableEvent[] {
  const { address, importId, now: at } = command;
  if (command.type === 'StartTableImport') {
    if (state.status === 'live' && state.import) {
      if (state.import.importId === importId) return [];
      throw importInProgress();
    }
    const upserted = upsertTable(command, state);
    const table = live(upserted.reduce(evolve, state));
    const started = { ...address, importId, fileId: command.fileId, truncate: command.truncate, generation: table.lastGeneration + 1, at };
    return [...upserted, { type: 'TableImportStarted', data: started }];
  }
  const table = live(state);
  const running = table.import;
  if (!running || running.importId !== importId) {
    // Staging for an import that ended would be lost work: say so to its writer.
    if (command.type === 'StageTableImportRows') throw new DomainError('table_import_in_progress', 'This import is no longer running.');
    return [];
  }
  switch (command.type) {
    case 'StageTableImportRows':
      // A batch that does not follow what is staged comes from a second runner of the import.
      if (command.from.source === 'file' ? command.from.offset !== running.fileRowsStaged : running.fileRowsStaged > 0) {
        throw new DomainError('table_import_in_progress', 'Another process runs this import.');
      }
      return stagedBatches(command, running);
    case 'RecordTableImportProgress':
      return [{ type: 'TableImportStatusChanged', data: { ...address, state: 'importing', rowsImported: command.rowsImported, reason: null, at } }];
    case 'CompleteTableImport': {
      const { generation, schema, fileRowsStaged: rowsImported } = running;
      return [{ type: 'TableImportCompleted', data: { ...address, importId, generation, replacedGeneration: table.generation, schema, rowsImported, at } }];
    }
    case 'FailTableImport':
      return [{ type: 'TableImportFailed', data: { ...address, importId, generation: running.generation, reason: command.reason, at } }];
    default:
      return assertNever(command);
  }
}

/** Rows in batches of at most `maxEventBytes` of serialized rows each; a row sent twice counts once, as last sent. */
function batchRows(rows: readonly TableRow[], maxEventBytes: number): TableRow[][] {
  const unique = [...new Map(rows.map((row) => [row.row_id, row])).values()];
  const batches: TableRow[][] = [];
  let batch: TableRow[] = [];
  let bytes = 0;
  for (const row of unique) {
    const size = Buffer.byteLength(JSON.stringify(row), 'utf8') + 1;
    if (bytes + size > maxEventBytes && batch.length > 0) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(row);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** The rows as `TableRowsUpserted` events, numbered from `start.nextOrdinal`, each carrying the schema so far. */
function rowBatches(command: UpsertTableRows, start: { generation: number; schema: TableColumn[]; nextOrdinal: number }): TableRowsUpserted[] {
  let { schema, nextOrdinal: firstOrdinal } = start;
  return batchRows(command.rows, command.maxEventBytes).map((rows) => {
    schema = extendSchema(schema, rows);
    const event: TableRowsUpserted = { type: 'TableRowsUpserted', data: { ...command.address, generation: start.generation, firstOrdinal, rows, schema, at: command.now } };
    firstOrdinal += rows.length;
    return event;
  });
}

/** The rows as `TableImportRowsStaged` events in the import's generation. */
function stagedBatches(command: StageTableImportRows, running: TableImportState): TableImportRowsStaged[] {
  let { schema, nextOrdinal: firstOrdinal } = running;
  const { importId, generation } = running;
  return batchRows(command.rows, command.maxEventBytes).map((rows) => {
    schema = extendSchema(schema, rows);
    const data = { ...command.address, importId, generation, source: command.from.source, firstOrdinal, rows, schema, at: command.now };
    firstOrdinal += rows.length;
    return { type: 'TableImportRowsStaged', data };
  });
}

function evolve(state: TableState, event: DataSourceTableEvent): TableState {
  switch (event.type) {
    case 'TableUpserted': {
      const { workspaceId: _w, spaceId: _s, dataSourceId: _d, tableId: _t, generation, createdAt, at: _at, ...metadata } = event.data;
      if (state.status === 'live') return { ...state, metadata };
      return { status: 'live', generation, lastGeneration: generation, createdAt, metadata, schema: [], nextOrdinal: 0, import: null };
    }
    case 'TableDeleted':
      return { status: 'absent', generation: (state.status === 'live' ? state.lastGeneration : state.generation) + 1 };
    case 'TableParentsChanged':
      if (state.status !== 'live') return state;
      return { ...state, metadata: { ...state.metadata, parentId: event.data.parentId, parents: event.data.parents } };
    case 'TableTruncated':
      if (state.status !== 'live') return state;
      return { ...state, generation: event.data.generation, lastGeneration: Math.max(state.lastGeneration, event.data.generation), schema: [] };
    case 'TableRowsUpserted':
      if (state.status !== 'live') return state;
      return { ...state, schema: event.data.schema, nextOrdinal: event.data.firstOrdinal + event.data.rows.length };
    case 'TableImportStarted': {
      if (state.status !== 'live') return state;
      const { importId, fileId, truncate, generation } = event.data;
      const running = { importId, fileId, truncate, generation, schema: truncate ? [] : state.schema, nextOrdinal: 0, fileRowsStaged: 0 };
      return { ...state, lastGeneration: Math.max(state.lastGeneration, generation), import: running };
    }
    case 'TableImportRowsStaged': {
      if (state.status !== 'live' || state.import?.importId !== event.data.importId) return state;
      const { schema, firstOrdinal, rows, source } = event.data;
      const fileRowsStaged = state.import.fileRowsStaged + (source === 'file' ? rows.length : 0);
      return { ...state, import: { ...state.import, schema, nextOrdinal: firstOrdinal + rows.length, fileRowsStaged } };
    }
    case 'TableImportCompleted':
      if (state.status !== 'live') return state;
      return { ...state, generation: event.data.generation, schema: event.data.schema, nextOrdinal: state.import?.nextOrdinal ?? state.nextOrdinal, import: null };
    case 'TableImportFailed':
      if (state.status !== 'live') return state;
      return { ...state, import: null };
    case 'TableRowDeleted':
    case 'TableImportStatusChanged':
      return state;
    default:
      return assertNever(event);
  }
}

/** One table of a data source: metadata, parents, rows in batches, truncation, deletion, CSV imports. */
export const tableDecider: Decider<TableCommand, DataSourceTableEvent, TableState> = {
  decide,
  evolve,
  initialState: () => ({ status: 'absent', generation: 0 }),
};

/** A table, by `{dataSourceId, tableId}` encoded as the executor's string id. */
export const tableAggregate: Aggregate<TableCommand, DataSourceTableEvent, TableState> = {
  decider: tableDecider,
  streamName: (id) => toTableStreamName(JSON.parse(id) as { dataSourceId: string; tableId: string }),
};

/** The executor id of a table. */
export function tableAggregateId(dataSourceId: string, tableId: string): string {
  return JSON.stringify({ dataSourceId, tableId });
}
