import { dataSourceTableKey, type DataSourceTableRecord, type TableRowRecord } from '@app/contracts/read-models/table.read-models';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AgentTools, type ToolCallRequest, type ToolCallResult, type ToolContext, type ToolDefinition, type ToolRegistry } from '../../agent-runner';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { runTableSql, type QueryTable } from './table-sql';

/** Toolset entry giving an agent one table: `query_tables:<data source sId>:<table id>`. */
export const QUERY_TABLES_TOOL_PREFIX = 'query_tables:';
export const QUERY_TABLES_TOOL_NAME = 'query_tables';

/** Bounds of one query: rows loaded per table, rows and characters returned, wall time. */
export const TABLE_QUERY_LIMITS = { maxTableRows: 200_000, maxRows: 500, maxResultChars: 64 * 1024, timeoutMs: 10_000 } as const;

/** The size of a table as the tool's description gives it, with the part one query reads when it is larger. */
function tableSize(table: DataSourceTableRecord): string {
  if (table.rowCount <= TABLE_QUERY_LIMITS.maxTableRows) return `${table.rowCount} rows`;
  return `${table.rowCount} rows, of which queries read the first ${TABLE_QUERY_LIMITS.maxTableRows}`;
}

const failure = (code: string, message: string): ToolCallResult => ({ ok: false, output: [{ type: 'text', text: message }], error: { code, message } });

/**
 * The `query_tables` tool of agents whose toolset names tables: the model writes one SQLite
 * SELECT over them, which runs read-only on a fresh in-memory copy of their rows. A write, a bad
 * statement or a query past its time fails that call only; the model sees why and may try again.
 */
@Injectable()
export class TableQueryTools implements ToolRegistry, OnModuleInit {
  constructor(
    private readonly sources: AgentTools,
    private readonly readModels: ReadModels,
  ) {}

  onModuleInit(): void {
    this.sources.register(this);
  }

  async listTools(ctx: ToolContext): Promise<ToolDefinition[]> {
    const tables = await this.tablesOf(ctx);
    if (tables.length === 0) return [];
    const schemas = tables.map((table) => `"${table.name}" (${table.description || table.title}; ${tableSize(table)}): ${table.schema.map((c) => `${c.name} ${c.value_type}${c.possible_values ? ` one of ${JSON.stringify(c.possible_values)}` : ''}`).join(', ') || 'no rows yet'}`);
    return [
      {
        name: QUERY_TABLES_TOOL_NAME,
        description: `Runs one read-only SQLite SELECT over these tables (quote table names in double quotes; bool is 0/1, datetime is ISO text) and returns at most ${TABLE_QUERY_LIMITS.maxRows} rows:\n${schemas.join('\n')}`,
        inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'One SQLite SELECT statement.' } }, required: ['query'], additionalProperties: false },
        serverName: 'query_tables',
      },
    ];
  }

  async callTool(call: ToolCallRequest, ctx: ToolContext, signal: AbortSignal): Promise<ToolCallResult> {
    const sql = (call.input as { query?: unknown } | null)?.query;
    if (typeof sql !== 'string' || sql.trim() === '') return failure('invalid_input', 'Give the SQL as {"query": "SELECT …"}.');
    const tables = await this.tablesOf(ctx);
    const loaded: QueryTable[] = await Promise.all(
      tables.map(async (table) => {
        const rows = await this.readModels.find<TableRowRecord>('tableRows', {
          where: { dataSourceId: table.dataSourceId, tableId: table.tableId, generation: table.generation },
          sort: [{ field: 'ordinal', direction: 'asc' }],
          limit: TABLE_QUERY_LIMITS.maxTableRows,
        });
        return { name: table.name, schema: table.schema, rows: rows.map((row) => row.value) };
      }),
    );
    const result = await runTableSql(loaded, sql, TABLE_QUERY_LIMITS, signal);
    if (!result.ok) return failure(result.code, result.message);
    // A table larger than what one query loads is queried on its first rows only: the model must know.
    const partial = tables
      .filter((table) => table.rowCount > TABLE_QUERY_LIMITS.maxTableRows)
      .map((table) => ({ table: table.name, rowsQueried: TABLE_QUERY_LIMITS.maxTableRows, rowCount: table.rowCount }));
    let text = JSON.stringify({ rows: result.rows, truncated: result.truncated, ...(partial.length > 0 ? { partialTables: partial } : {}) });
    if (text.length > TABLE_QUERY_LIMITS.maxResultChars) text = `${text.slice(0, TABLE_QUERY_LIMITS.maxResultChars)}… (result cut at ${TABLE_QUERY_LIMITS.maxResultChars} characters)`;
    return { ok: true, output: [{ type: 'text', text }] };
  }

  /** The live tables the agent's toolset names, in the run's workspace. */
  private async tablesOf(ctx: ToolContext): Promise<DataSourceTableRecord[]> {
    const keys = ctx.toolset
      .filter((entry) => entry.startsWith(QUERY_TABLES_TOOL_PREFIX))
      .map((entry) => {
        const [dataSourceId = '', ...rest] = entry.slice(QUERY_TABLES_TOOL_PREFIX.length).split(':');
        return dataSourceTableKey(dataSourceId, rest.join(':'));
      });
    if (keys.length === 0) return [];
    const found = await this.readModels.getMany<DataSourceTableRecord>('dataSourceTables', keys);
    return [...found.values()].filter((table) => table.workspaceId === ctx.workspaceId);
  }
}
