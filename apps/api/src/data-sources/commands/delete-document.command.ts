import type { DocumentIdResponse } from '@app/contracts/http/data-source.types';
import { documentAggregateId } from '@app/domain/data-source/document.decider';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DocumentAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { checkedDocumentId } from '../document-content';
import { requireDataSourceWriter, type ResolvedDataSource } from '../data-source-lookup';

/** Deletes a document; deleting one that does not exist changes nothing and answers the same. */
export class DeleteDocumentCommand extends Command<DocumentIdResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly target: ResolvedDataSource,
    readonly documentId: string,
  ) {
    super();
  }
}

@CommandHandler(DeleteDocumentCommand)
export class DeleteDocumentHandler implements ICommandHandler<DeleteDocumentCommand> {
  constructor(
    private readonly documents: DocumentAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, target, documentId }: DeleteDocumentCommand): Promise<DocumentIdResponse> {
    requireDataSourceWriter(auth);
    checkedDocumentId(documentId);
    const address = { workspaceId: auth.workspace.sId, spaceId: target.space.sId, dataSourceId: target.dataSource.sId, documentId };
    const outcome = await this.documents.run(documentAggregateId(address.dataSourceId, documentId), { type: 'DeleteDocument', address }, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return { document: { document_id: documentId } };
  }
}
