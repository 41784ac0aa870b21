import type { UpsertDocumentDto } from '@app/contracts/http/document.dto';
import type { DocumentIdResponse, UpsertDocumentResponse } from '@app/contracts/http/data-source.types';
import { sectionText } from '@app/contracts/documents/document-section';
import { renderCoreApiDocument, renderDataSource } from '@app/contracts/render/data-source.render';
import { documentAggregateId } from '@app/domain/data-source/document.decider';
import { type SearchIndex } from '@app/storage';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DocumentAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { indexedDocumentChunks } from '../../search/indexed-document-chunks';
import { SearchIndexFollower } from '../../search/indexing/search-index-follower';
import { SEARCH_INDEX } from '../../search/search.tokens';
import { TimeSlice } from '../../tokenizing/time-slice';
import { documentContentOf, checkedDocumentId } from '../document-content';
import { requireDataSourceWriter, type ResolvedDataSource } from '../data-source-lookup';

/** How long a synchronous upsert waits for the search index, to report the document's chunks. */
const CHUNKS_WAIT_MS = 1_000;

/**
 * Creates or replaces a document. Answers once the document is recorded: with `async`, at once;
 * otherwise when it is readable too. The same content upserted again writes nothing.
 */
export class UpsertDocumentCommand extends Command<UpsertDocumentResponse | DocumentIdResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly target: ResolvedDataSource,
    readonly documentId: string,
    readonly body: UpsertDocumentDto,
  ) {
    super();
  }
}

@CommandHandler(UpsertDocumentCommand)
export class UpsertDocumentHandler implements ICommandHandler<UpsertDocumentCommand> {
  constructor(
    private readonly documents: DocumentAggregateWriter,
    private readonly readModels: ReadModels,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    private readonly searchIndex: SearchIndexFollower,
  ) {}

  async execute({ auth, target, documentId, body }: UpsertDocumentCommand): Promise<UpsertDocumentResponse | DocumentIdResponse> {
    requireDataSourceWriter(auth);
    checkedDocumentId(documentId);
    const now = Date.now();
    const content = await documentContentOf(documentId, body, now);
    const address = { workspaceId: auth.workspace.sId, spaceId: target.space.sId, dataSourceId: target.dataSource.sId, documentId };
    // The content's default timestamp and the answer's updatedAt are the command's own instant.
    const outcome = await this.documents.run(
      documentAggregateId(address.dataSourceId, documentId),
      { type: 'UpsertDocument', address, content, timestampGiven: body.timestamp !== undefined && body.timestamp !== null, now },
      auth,
    );
    if (body.async) return { document: { document_id: documentId } };
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    const { state } = outcome;
    if (state.status !== 'live') throw new Error(`document ${documentId} is not live after its upsert`);
    const stored = { ...address, ...state.content, text: sectionText(state.content.section), createdAt: state.createdAt, updatedAt: now };
    // Chunks come from the search index (as search shows them); past the wait, it has none yet.
    if (outcome.position !== null) await this.searchIndex.waitFor(outcome.position, CHUNKS_WAIT_MS).catch(() => undefined);
    // The index answers its waiters in the turn of the event loop that wrote the document (tens of
    // milliseconds for a large one): reading its chunks back waits for the next turn.
    await new TimeSlice().pause();
    const [chunks] = await indexedDocumentChunks(this.index, [stored]);
    const full = { ...renderCoreApiDocument(stored), ...chunks };
    const document = body.light_document_output
      ? { hash: full.hash, text_size: full.text_size, chunk_count: full.chunk_count, token_count: full.token_count, created: full.created }
      : full;
    return { document, data_source: renderDataSource(target.dataSource) };
  }
}
