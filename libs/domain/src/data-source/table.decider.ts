import type { DataSourceTableEvent, TableMetadata, TableRowsUpserted } from '@app/contracts/events/data-source-table.events';
import type { TableColumn, TableRow } from '@app/contracts/tables/table-values';
import { assertNever } from '@app/contracts/assert-never';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { TableCommand, UpsertTableRows } from './table.commands';
import { extendSchema } from './table-schema';
import { toTableStreamName } from './table.stream';

/**
 * `generation` counts truncations and deletions (rows of older generations are gone) and survives
 * a deletion, so a table created again under the same id starts without the old rows.
 */
export type TableState =
  | { readonly status: 'absent'; readonly generation: number }
  | {
      readonly status: 'live';
      readonly generation: number;
      readonly createdAt: number;
      readonly metadata: TableMetadata;
      readonly schema: TableColumn[];
      readonly nextOrdinal: number;
    };

const notFound = (): DomainError => new DomainError('table_not_found', 'The table you requested was not found.');

function decide(command: TableCommand, state: TableState): DataSourceTableEvent[] {
  const { address, now: at } = command;
  switch (command.type) {
    case 'UpsertTable': {
      if (state.status === 'live' && JSON.stringify(state.metadata) === JSON.stringify(command.metadata)) return [];
      const createdAt = state.status === 'live' ? state.createdAt : at;
      return [{ type: 'TableUpserted', data: { ...address, ...command.metadata, generation: state.generation, createdAt, at } }];
    }
    case 'DeleteTable':
      if (state.status === 'absent') throw notFound();
      return [{ type: 'TableDeleted', data: { ...address, generation: state.generation, at } }];
    case 'UpdateTableParents': {
      if (state.status === 'absent') throw notFound();
      const parents = [...command.parents];
      if (state.metadata.parentId === command.parentId && JSON.stringify(state.metadata.parents) === JSON.stringify(parents)) return [];
      return [{ type: 'TableParentsChanged', data: { ...address, parentId: command.parentId, parents, at } }];
    }
    case 'UpsertTableRows': {
      if (state.status === 'absent') throw notFound();
      const truncated = command.truncate ? [{ type: 'TableTruncated' as const, data: { ...address, generation: state.generation + 1, at } }] : [];
      const start = command.truncate ? { generation: state.generation + 1, schema: [], nextOrdinal: state.nextOrdinal } : state;
      return [...truncated, ...rowBatches(command, start)];
    }
    case 'DeleteTableRow':
      if (state.status === 'absent') throw notFound();
      return [{ type: 'TableRowDeleted', data: { ...address, generation: state.generation, rowId: command.rowId, at } }];
    case 'RecordTableImportStatus': {
      if (state.status === 'absent') throw notFound();
      const { state: importState, rowsImported, reason } = command;
      return [{ type: 'TableImportStatusChanged', data: { ...address, state: importState, rowsImported, reason, at } }];
    }
    default:
      return assertNever(command);
  }
}

/** The rows in events of at most `maxEventBytes` of rows each; a row sent twice counts once, as last sent. */
function rowBatches(command: UpsertTableRows, start: { generation: number; schema: TableColumn[]; nextOrdinal: number }): TableRowsUpserted[] {
  const unique = [...new Map(command.rows.map((row) => [row.row_id, row])).values()];
  const events: TableRowsUpserted[] = [];
  let { schema, nextOrdinal } = start;
  let batch: TableRow[] = [];
  let bytes = 0;
  const flush = () => {
    if (batch.length === 0) return;
    schema = extendSchema(schema, batch);
    events.push({ type: 'TableRowsUpserted', data: { ...command.address, generation: start.generation, firstOrdinal: nextOrdinal, rows: batch, schema, at: command.now } });
    nextOrdinal += batch.length;
    batch = [];
    bytes = 0;
  };
  for (const row of unique) {
    const size = Buffer.byteLength(JSON.stringify(row), 'utf8') + 1;
    if (bytes + size > command.maxEventBytes) flush();
    batch.push(row);
    bytes += size;
  }
  flush();
  return events;
}

function evolve(state: TableState, event: DataSourceTableEvent): TableState {
  switch (event.type) {
    case 'TableUpserted': {
      const { workspaceId: _w, spaceId: _s, dataSourceId: _d, tableId: _t, generation, createdAt, at: _at, ...metadata } = event.data;
      if (state.status === 'live') return { ...state, metadata };
      return { status: 'live', generation, createdAt, metadata, schema: [], nextOrdinal: 0 };
    }
    case 'TableDeleted':
      return { status: 'absent', generation: state.generation + 1 };
    case 'TableParentsChanged':
      if (state.status !== 'live') return state;
      return { ...state, metadata: { ...state.metadata, parentId: event.data.parentId, parents: event.data.parents } };
    case 'TableTruncated':
      if (state.status !== 'live') return state;
      return { ...state, generation: event.data.generation, schema: [] };
    case 'TableRowsUpserted':
      if (state.status !== 'live') return state;
      return { ...state, schema: event.data.schema, nextOrdinal: event.data.firstOrdinal + event.data.rows.length };
    case 'TableRowDeleted':
    case 'TableImportStatusChanged':
      return state;
    default:
      return assertNever(event);
  }
}

/** One table of a data source: metadata, parents, rows in batches, truncation, deletion. */
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
