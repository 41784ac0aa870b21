import type { CreateDataSourceDto } from '@app/contracts/http/data-source.dto';
import type { CreateDataSourceResponse } from '@app/contracts/http/data-source.types';
import type { DataSourceDocument, DataSourceViewDocument } from '@app/contracts/read-models/data-source.read-models';
import { renderDataSource, renderDataSourceView } from '@app/contracts/render/data-source.render';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSourceCatalogAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { requireBuilder } from '../../auth/roles';
import { newPrefixedId } from '../../common/ids';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { SpaceAccess } from '../space-access';

/** Creates a folder data source and its default view in a space (admins and builders). */
export class CreateDataSourceCommand extends Command<CreateDataSourceResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
    readonly body: CreateDataSourceDto,
  ) {
    super();
  }
}

@CommandHandler(CreateDataSourceCommand)
export class CreateDataSourceHandler implements ICommandHandler<CreateDataSourceCommand> {
  constructor(
    private readonly catalogs: DataSourceCatalogAggregateWriter,
    private readonly readModels: ReadModels,
    private readonly spaces: SpaceAccess,
  ) {}

  async execute({ auth, spaceId, body }: CreateDataSourceCommand): Promise<CreateDataSourceResponse> {
    const space = await this.spaces.dataSpace(auth, spaceId);
    requireBuilder(auth);
    const dataSourceId = newPrefixedId('dts');
    const dataSourceViewId = newPrefixedId('dsv');
    const outcome = await this.catalogs.run(
      auth.workspace.sId,
      {
        type: 'CreateDataSource',
        spaceId: space.sId,
        dataSourceId,
        dataSourceViewId,
        name: body.name,
        description: body.description ?? null,
        createdBy: auth.user?.sId ?? null,
      },
      auth,
    );
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    const dataSource = await this.readModels.get<DataSourceDocument>('dataSources', dataSourceId);
    const view = await this.readModels.get<DataSourceViewDocument>('dataSourceViews', dataSourceViewId);
    if (!dataSource || !view) throw new Error(`data source ${dataSourceId} is missing from its read models after its creation`);
    return { dataSource: renderDataSource(dataSource), dataSourceView: renderDataSourceView(view, dataSource) };
  }
}
