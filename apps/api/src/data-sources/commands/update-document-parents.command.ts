import type { UpdateDocumentParentsDto } from '@app/contracts/http/document.dto';
import type { UpdatedResponse } from '@app/contracts/http/data-source.types';
import { documentAggregateId } from '@app/domain/data-source/document.decider';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DocumentAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { checkedDocumentId } from '../document-content';
import { requireDataSourceWriter, type ResolvedDataSource } from '../data-source-lookup';

/** Sets a document's parents (`parents[0]` is the document, `parents[1]` its parent). */
export class UpdateDocumentParentsCommand extends Command<UpdatedResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly target: ResolvedDataSource,
    readonly documentId: string,
    readonly body: UpdateDocumentParentsDto,
  ) {
    super();
  }
}

@CommandHandler(UpdateDocumentParentsCommand)
export class UpdateDocumentParentsHandler implements ICommandHandler<UpdateDocumentParentsCommand> {
  constructor(
    private readonly documents: DocumentAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, target, documentId, body }: UpdateDocumentParentsCommand): Promise<UpdatedResponse> {
    requireDataSourceWriter(auth);
    checkedDocumentId(documentId);
    if (body.parents[0] !== documentId) throw new ApiError('invalid_request_error', 'Invalid request body: parents[0] must be the document id.');
    const address = { workspaceId: auth.workspace.sId, spaceId: target.space.sId, dataSourceId: target.dataSource.sId, documentId };
    const outcome = await this.documents.run(
      documentAggregateId(address.dataSourceId, documentId),
      { type: 'UpdateDocumentParents', address, parentId: body.parent_id ?? body.parents[1] ?? null, parents: body.parents },
      auth,
    );
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { updated: true };
  }
}
