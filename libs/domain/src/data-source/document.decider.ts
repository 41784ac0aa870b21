import type { DataSourceDocumentEvent, DocumentContent } from '@app/contracts/events/data-source/data-source-document.events';
import { assertNever } from '@app/contracts/assert-never';
import type { Aggregate, Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import type { DocumentCommand, UpsertDocument } from './document.commands';
import { toDocumentStreamName } from './document.stream';

export type DocumentState =
  | { readonly status: 'absent' }
  | { readonly status: 'live'; readonly createdAt: number; readonly content: DocumentContent };

function decide(command: DocumentCommand, state: DocumentState): DataSourceDocumentEvent[] {
  const { address, now: at } = command;
  switch (command.type) {
    case 'UpsertDocument': {
      if (state.status === 'live' && unchanged(state.content, command)) return [];
      const createdAt = state.status === 'live' ? state.createdAt : at;
      return [{ type: 'DocumentUpserted', data: { ...address, ...command.content, createdAt, at } }];
    }
    case 'DeleteDocument':
      if (state.status === 'absent') return [];
      return [{ type: 'DocumentDeleted', data: { ...address, at } }];
    case 'UpdateDocumentParents': {
      if (state.status === 'absent') throw new DomainError('data_source_document_not_found', 'The document was not found.');
      const parents = [...command.parents];
      if (state.content.parentId === command.parentId && JSON.stringify(state.content.parents) === JSON.stringify(parents)) return [];
      return [{ type: 'DocumentParentsChanged', data: { ...address, parentId: command.parentId, parents, at } }];
    }
    default:
      return assertNever(command);
  }
}

/** An upsert of the same content and metadata is a no-op (the timestamp counts only when given). */
function unchanged(current: DocumentContent, command: UpsertDocument): boolean {
  const next = command.content;
  if (current.hash !== next.hash) return false;
  if (command.timestampGiven && current.timestamp !== next.timestamp) return false;
  const metadata = (content: DocumentContent) =>
    JSON.stringify([content.title, content.mimeType, content.sourceUrl, content.tags, content.parentId, content.parents]);
  return metadata(current) === metadata(next);
}

function evolve(state: DocumentState, event: DataSourceDocumentEvent): DocumentState {
  switch (event.type) {
    case 'DocumentUpserted': {
      const { workspaceId: _w, spaceId: _s, dataSourceId: _d, documentId: _i, createdAt, at: _at, ...content } = event.data;
      return { status: 'live', createdAt, content };
    }
    case 'DocumentDeleted':
      return { status: 'absent' };
    case 'DocumentParentsChanged':
      if (state.status !== 'live') return state;
      return { ...state, content: { ...state.content, parentId: event.data.parentId, parents: event.data.parents } };
    default:
      return assertNever(event);
  }
}

/** One document of a data source: upserts (no-op when nothing changed), parents, deletion. */
export const documentDecider: Decider<DocumentCommand, DataSourceDocumentEvent, DocumentState> = {
  decide,
  evolve,
  initialState: () => ({ status: 'absent' }),
};

/** A document, by `{dataSourceId, documentId}` encoded as the executor's string id. */
export const documentAggregate: Aggregate<DocumentCommand, DataSourceDocumentEvent, DocumentState> = {
  decider: documentDecider,
  streamName: (id) => toDocumentStreamName(JSON.parse(id) as { dataSourceId: string; documentId: string }),
};

/** The executor id of a document. */
export function documentAggregateId(dataSourceId: string, documentId: string): string {
  return JSON.stringify({ dataSourceId, documentId });
}
