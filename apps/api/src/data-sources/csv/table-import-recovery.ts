import type { DataSourceTableRecord } from '@app/contracts/read-models/table.read-models';
import { tableAggregate, tableAggregateId } from '@app/domain/data-source/table.decider';
import { EVENT_STORE, type EventStore } from '@app/storage';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { DeciderExecutor } from '../../application/decider-executor';
import { LOGGER } from '../../infrastructure/logger';
import { ReadModels } from '../../infrastructure/read-models.service';
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
export class TableImportRecovery implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running: Promise<void> = Promise.resolve();
  private readonly log: Logger;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(LOGGER) logger: Logger,
    private readonly executor: DeciderExecutor,
    private readonly readModels: ReadModels,
    private readonly csv: TableCsvImport,
  ) {
    this.log = logger.child({ component: 'table-import-recovery' });
  }

  onApplicationBootstrap(): void {
    this.running = this.recover().catch((error: unknown) => this.log.error({ err: error }, 'table import recovery failed'));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.running;
  }

  /** Resolves when the imports found at start-up have ended (tests wait for it). */
  get done(): Promise<void> {
    return this.running;
  }

  private async recover(): Promise<void> {
    await this.readModels.waitFor(await this.eventStore.headPosition());
    const importing = await this.readModels.find<DataSourceTableRecord>('dataSourceTables', { where: { 'importStatus.state': 'importing' } });
    const runs = importing.map((table) => this.takeUp(table));
    await Promise.all(runs);
    if (importing.length > 0) this.log.info({ tables: importing.length }, 'took up CSV imports a previous process left running');
  }

  private async takeUp(table: DataSourceTableRecord): Promise<void> {
    const { workspaceId, spaceId, dataSourceId, tableId } = table;
    const address = { workspaceId, spaceId, dataSourceId, tableId };
    const state = await this.executor.read(tableAggregate, tableAggregateId(dataSourceId, tableId));
    if (state.status !== 'live') return;
    try {
      if (state.import) {
        await this.csv.run(address, state.import.importId, ACTOR);
      } else if (table.staged === null) {
        const rowsImported = table.importStatus?.rowsImported ?? 0;
        const command = { type: 'FailUnstagedImport' as const, address, rowsImported, reason: UNSTAGED_IMPORT_INTERRUPTED, now: Date.now() };
        await this.executor.execute(tableAggregate, tableAggregateId(dataSourceId, tableId), command, { actor: ACTOR });
      }
    } catch (error) {
      this.log.warn({ err: error, dataSourceId, tableId }, 'a CSV import taken up at start-up did not complete');
    }
  }
}
