import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSourceCatalogAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { requireBuilder } from '../../auth/roles';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { DataSourceLookup } from '../data-source-lookup';

/** Deletes a data source with its views (admins and builders); its documents become unreachable. */
export class DeleteDataSourceCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
    readonly dsId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteDataSourceCommand)
export class DeleteDataSourceHandler implements ICommandHandler<DeleteDataSourceCommand> {
  constructor(
    private readonly catalogs: DataSourceCatalogAggregateWriter,
    private readonly readModels: ReadModels,
    private readonly lookup: DataSourceLookup,
  ) {}

  async execute({ auth, spaceId, dsId }: DeleteDataSourceCommand): Promise<void> {
    const { dataSource } = await this.lookup.inSpace(auth, spaceId, dsId);
    requireBuilder(auth);
    const outcome = await this.catalogs.run(auth.workspace.sId, { type: 'DeleteDataSource', dataSourceId: dataSource.sId }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
  }
}
