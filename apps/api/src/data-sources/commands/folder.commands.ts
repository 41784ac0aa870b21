import type { UpsertFolderDto } from '@app/contracts/http/folder.dto';
import type { CoreApiFolderResponse, DeleteFolderResponse, UpsertFolderResponse } from '@app/contracts/http/folder.types';
import type { FolderContent } from '@app/contracts/events/data-source/data-source-folder.events';
import { renderDataSource } from '@app/contracts/render/data-source.render';
import { MAX_FOLDER_ID_LENGTH } from '@app/contracts/http/folder.dto';
import { folderAggregateId } from '@app/domain/data-source/folder.decider';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { FolderAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { requireDataSourceWriter, type ResolvedDataSource } from '../data-source-lookup';

/** Creates or replaces a folder of a data source; the same folder upserted again writes nothing. */
export class UpsertFolderCommand extends Command<UpsertFolderResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly target: ResolvedDataSource,
    readonly folderId: string,
    readonly body: UpsertFolderDto,
  ) {
    super();
  }
}

/** Deletes a folder; deleting one that does not exist changes nothing and answers the same. */
export class DeleteFolderCommand extends Command<DeleteFolderResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly target: ResolvedDataSource,
    readonly folderId: string,
  ) {
    super();
  }
}

function checkedFolderId(folderId: string): string {
  if (folderId.length === 0 || folderId.length > MAX_FOLDER_ID_LENGTH) {
    throw new ApiError('invalid_request_error', `Invalid path parameters: folderId must be 1 to ${MAX_FOLDER_ID_LENGTH} characters.`);
  }
  return folderId;
}

/** The folder a body describes, with the real service's defaults: parents `[folderId]`, a blank title "Untitled Folder". */
function folderContentOf(folderId: string, body: UpsertFolderDto): FolderContent {
  const parents = body.parents ?? [folderId];
  if (parents[0] !== folderId) throw new ApiError('invalid_request_error', 'Invalid parents: parents[0] should be equal to the folder id.');
  return {
    title: body.title.trim() || 'Untitled Folder',
    mimeType: body.mime_type,
    sourceUrl: body.source_url ?? null,
    providerVisibility: body.provider_visibility ?? null,
    timestamp: Math.floor(body.timestamp),
    parentId: body.parent_id ?? null,
    parents: [...parents],
  };
}

function renderFolder(dataSourceId: string, folderId: string, content: FolderContent): CoreApiFolderResponse {
  return {
    data_source_id: dataSourceId,
    folder_id: folderId,
    title: content.title,
    parent_id: content.parentId,
    parents: content.parents,
    timestamp: content.timestamp,
    mime_type: content.mimeType,
    source_url: content.sourceUrl,
    provider_visibility: content.providerVisibility,
  };
}

@CommandHandler(UpsertFolderCommand)
export class UpsertFolderHandler implements ICommandHandler<UpsertFolderCommand> {
  constructor(
    private readonly folders: FolderAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, target, folderId, body }: UpsertFolderCommand): Promise<UpsertFolderResponse> {
    requireDataSourceWriter(auth);
    checkedFolderId(folderId);
    const content = folderContentOf(folderId, body);
    const address = { workspaceId: auth.workspace.sId, spaceId: target.space.sId, dataSourceId: target.dataSource.sId, folderId };
    const outcome = await this.folders.run(folderAggregateId(address.dataSourceId, folderId), { type: 'UpsertFolder', address, content, timestampGiven: true }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    if (outcome.state.status !== 'live') throw new Error(`folder ${folderId} is not live after its upsert`);
    return { folder: renderFolder(address.dataSourceId, folderId, outcome.state.content), data_source: renderDataSource(target.dataSource) };
  }
}

@CommandHandler(DeleteFolderCommand)
export class DeleteFolderHandler implements ICommandHandler<DeleteFolderCommand> {
  constructor(
    private readonly folders: FolderAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, target, folderId }: DeleteFolderCommand): Promise<DeleteFolderResponse> {
    requireDataSourceWriter(auth);
    checkedFolderId(folderId);
    const address = { workspaceId: auth.workspace.sId, spaceId: target.space.sId, dataSourceId: target.dataSource.sId, folderId };
    const outcome = await this.folders.run(folderAggregateId(address.dataSourceId, folderId), { type: 'DeleteFolder', address }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { folder: { folder_id: folderId } };
  }
}
