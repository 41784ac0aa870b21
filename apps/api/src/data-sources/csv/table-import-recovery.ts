import type { DataSourceTableRecord } from '@app/contracts/read-models/table.read-models';
import { tableAggregateId } from '@app/domain/data-source/table.decider';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { TableAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { StartUpRecovery } from '../../event-sourcing/following/start-up-recovery';
import { LOGGER } from '../../common/logger';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { TableCsvImport } from './table-csv-import';

const ACTOR = 'system:table-import-recovery';

/** The reason given to an import that wrote its rows as they came and was cut short. */
export const UNSTAGED_IMPORT_INTERRUPTED = 'The import was interrupted by a restart; the rows written before it stay in the table.';

/**
 * At start-up, once the read models have caught up with the log: CSV imports a previous process
 * left running are taken up where their staged rows stop, and end ready or failed with the reason
 * (the decider refuses a batch another process staged first, so a second runner stops). An import
 * recorded before imports were staged cannot be resumed: its status becomes failed.
 */
@Injectable()
export class TableImportRecovery extends StartUpRecovery {
  constructor(
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(LOGGER) logger: Logger,
    readModels: ReadModels,
    private readonly tables: TableAggregateWriter,
    private readonly csv: TableCsvImport,
  ) {
    super(eventStore, readModels, logger.child({ component: 'table-import-recovery' }));
  }

  protected async recover(): Promise<void> {
    const importing = await this.readModels.find<DataSourceTableRecord>('dataSourceTables', { where: { 'importStatus.state': 'importing' } });
    const runs = importing.map((table) => this.takeUp(table));
    await Promise.all(runs);
    if (importing.length > 0) this.log.info({ tables: importing.length }, 'took up CSV imports a previous process left running');
  }

  private async takeUp(table: DataSourceTableRecord): Promise<void> {
    const { workspaceId, spaceId, dataSourceId, tableId } = table;
    const address = { workspaceId, spaceId, dataSourceId, tableId };
    const state = await this.tables.read(tableAggregateId(dataSourceId, tableId));
    if (state.status !== 'live') return;
    try {
      if (state.import) {
        await this.csv.run(address, state.import.importId, ACTOR);
      } else if (table.staged === null) {
        const rowsImported = table.importStatus?.rowsImported ?? 0;
        const command = { type: 'FailUnstagedImport' as const, address, rowsImported, reason: UNSTAGED_IMPORT_INTERRUPTED };
        await this.tables.run(tableAggregateId(dataSourceId, tableId), command, ACTOR);
      }
    } catch (error) {
      this.log.warn({ err: error, dataSourceId, tableId }, 'a CSV import taken up at start-up did not complete');
    }
  }
}
