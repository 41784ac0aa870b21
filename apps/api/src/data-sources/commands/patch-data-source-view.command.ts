import type { PatchDataSourceViewDto } from '@app/contracts/http/data-source.dto';
import type { DataSourceViewEnvelope } from '@app/contracts/http/data-source.types';
import type { DataSourceViewDocument } from '@app/contracts/read-models/data-source.read-models';
import { renderDataSourceView } from '@app/contracts/render/data-source.render';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSourceCatalogAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { requireBuilder } from '../../auth/roles';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { DataSourceLookup } from '../data-source-lookup';

/** Changes which parents a view shows (admins and builders); answers with the view as it now is. */
export class PatchDataSourceViewCommand extends Command<DataSourceViewEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
    readonly dsvId: string,
    readonly body: PatchDataSourceViewDto,
  ) {
    super();
  }
}

@CommandHandler(PatchDataSourceViewCommand)
export class PatchDataSourceViewHandler implements ICommandHandler<PatchDataSourceViewCommand> {
  constructor(
    private readonly catalogs: DataSourceCatalogAggregateWriter,
    private readonly readModels: ReadModels,
    private readonly lookup: DataSourceLookup,
  ) {}

  async execute({ auth, spaceId, dsvId, body }: PatchDataSourceViewCommand): Promise<DataSourceViewEnvelope> {
    const { view, dataSource } = await this.lookup.view(auth, spaceId, dsvId);
    requireBuilder(auth);
    const patch = body.parentsIn !== undefined ? { parentsIn: body.parentsIn } : { parentsToAdd: body.parentsToAdd, parentsToRemove: body.parentsToRemove };
    const outcome = await this.catalogs.run(auth.workspace.sId, { type: 'PatchDataSourceView', dataSourceViewId: view.sId, patch }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    const updated = (await this.readModels.get<DataSourceViewDocument>('dataSourceViews', view.sId)) ?? view;
    return { dataSourceView: renderDataSourceView(updated, dataSource) };
  }
}
