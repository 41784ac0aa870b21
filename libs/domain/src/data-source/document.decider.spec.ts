import type { DataSourceDocumentEvent, DocumentContent } from '@app/contracts/events/data-source/data-source-document.events';
import { deciderSpec } from '../../test/decider-spec.helper';
import type { DocumentCommand } from './document.commands';
import { documentDecider } from './document.decider';
import { toDocumentStreamName } from './document.stream';

const now = 1_700_000_000_000;
const address = { workspaceId: 'W0rkspace1', spaceId: 'vlt_space', dataSourceId: 'dts_one', documentId: 'doc/1' };
const content: DocumentContent = {
  title: 'Doc',
  mimeType: 'text/plain',
  sourceUrl: null,
  tags: ['title:Doc'],
  timestamp: now,
  parentId: null,
  parents: ['doc/1'],
  section: { prefix: null, content: 'hello', sections: [] },
  hash: 'h1',
  textSize: 5,
  tokenCount: 1,
  tokenizer: 'o200k_base',
};
const upsert = (changes: Partial<DocumentContent> = {}, timestampGiven = false, at = now): DocumentCommand => ({
  type: 'UpsertDocument',
  address,
  content: { ...content, ...changes },
  timestampGiven,
  now: at,
});
const upserted: DataSourceDocumentEvent = { type: 'DocumentUpserted', data: { ...address, ...content, createdAt: now, at: now } };
const spec = deciderSpec(documentDecider);

describe('document decider', () => {
  it('records an upsert with the whole content, and keeps the creation time across upserts', () => {
    spec.given([]).when(upsert()).then([upserted]);
    const later = spec.given([upserted]).when(upsert({ hash: 'h2' }, false, now + 5)).events();
    expect(later).toEqual([{ type: 'DocumentUpserted', data: { ...address, ...content, hash: 'h2', createdAt: now, at: now + 5 } }]);
  });

  it('an identical upsert is a no-op; the upsert time alone is no change, a given timestamp is', () => {
    spec.given([upserted]).when(upsert({ timestamp: now + 1000 }, false)).thenNothing();
    spec.given([upserted]).when(upsert({ timestamp: now }, true)).thenNothing();
    expect(spec.given([upserted]).when(upsert({ timestamp: now + 1000 }, true)).events()).toHaveLength(1);
    expect(spec.given([upserted]).when(upsert({ tags: ['other'] })).events()).toHaveLength(1);
    expect(spec.given([upserted]).when(upsert({ sourceUrl: 'https://example.com' })).events()).toHaveLength(1);
  });

  it('deletes a live document once; an upsert after it creates it anew', () => {
    const deleted: DataSourceDocumentEvent = { type: 'DocumentDeleted', data: { ...address, at: now } };
    spec.given([upserted]).when({ type: 'DeleteDocument', address, now }).then([deleted]);
    spec.given([upserted, deleted]).when({ type: 'DeleteDocument', address, now }).thenNothing();
    spec.given([upserted, deleted]).when(upsert()).then([upserted]);
  });

  it('changes parents of a live document only', () => {
    const command: DocumentCommand = { type: 'UpdateDocumentParents', address, parentId: 'p', parents: ['doc/1', 'p'], now };
    spec.given([upserted]).when(command).then([{ type: 'DocumentParentsChanged', data: { ...address, parentId: 'p', parents: ['doc/1', 'p'], at: now } }]);
    spec.given([upserted, { type: 'DocumentParentsChanged', data: { ...address, parentId: 'p', parents: ['doc/1', 'p'], at: now } }]).when(command).thenNothing();
    spec.given([]).when(command).thenThrows('data_source_document_not_found');
  });

  it('names streams by data source and a hash of the document id', () => {
    const name = toDocumentStreamName({ dataSourceId: 'dts_one', documentId: 'a/b c' });
    expect(name).toMatch(/^data-source-document-dts_one-[0-9a-f]{40}$/);
    expect(toDocumentStreamName({ dataSourceId: 'dts_one', documentId: 'x'.repeat(10_000) })).toHaveLength(name.length);
    expect(toDocumentStreamName({ dataSourceId: 'dts_two', documentId: 'a/b c' })).not.toBe(name);
  });
});
