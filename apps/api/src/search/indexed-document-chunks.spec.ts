import type { IndexedChunk, IndexedDocumentSummary, SearchIndex } from '@app/storage';
import { indexedDocumentChunks } from './indexed-document-chunks';

const chunk = (index: number): IndexedChunk => ({ index, text: `part ${index}`, hash: `h${index}`, tokenCount: 2, vector: [0.1, 0.2] });

function fakeIndex(summary: Partial<IndexedDocumentSummary>): SearchIndex {
  return {
    getDocuments: async () => [{ dataSourceId: 'dts', documentId: 'doc', text: 'part 0 part 1', chunkCount: 2, ...summary } as IndexedDocumentSummary],
    getChunks: async (_key: unknown, from: number, to: number) => [chunk(0), chunk(1)].filter((c) => c.index >= from && c.index <= to),
  } as unknown as SearchIndex;
}

describe('indexedDocumentChunks', () => {
  it('gives every chunk of the indexed version, vectors left out', async () => {
    const [fields] = await indexedDocumentChunks(fakeIndex({}), [{ dataSourceId: 'dts', documentId: 'doc', text: 'part 0 part 1' }]);
    expect(fields).toEqual({
      chunk_count: 2,
      chunks: [
        { text: 'part 0', hash: 'h0', offset: 0, vector: null },
        { text: 'part 1', hash: 'h1', offset: 1, vector: null },
      ],
    });
  });

  it('gives no chunks for a document not indexed yet, or indexed in another version', async () => {
    const stale = await indexedDocumentChunks(fakeIndex({ text: 'older text' }), [{ dataSourceId: 'dts', documentId: 'doc', text: 'part 0 part 1' }]);
    const missing = await indexedDocumentChunks(fakeIndex({ documentId: 'other' }), [{ dataSourceId: 'dts', documentId: 'doc', text: 'part 0 part 1' }]);
    expect([...stale, ...missing]).toEqual([{ chunk_count: 0, chunks: [] }, { chunk_count: 0, chunks: [] }]);
  });
});
