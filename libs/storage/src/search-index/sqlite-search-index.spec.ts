import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSearchIndexContract } from '../../test/search-index.contract';
import { SqliteSearchIndex } from './sqlite-search-index';

const dir = mkdtempSync(join(tmpdir(), 'search-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeSearchIndexContract('SqliteSearchIndex (file)', async () => new SqliteSearchIndex({ path: join(dir, 'search.sqlite') }));
describeSearchIndexContract('SqliteSearchIndex (:memory:)', async () => new SqliteSearchIndex({ path: ':memory:' }));

describe('SqliteSearchIndex ranking with selective filters', () => {
  it('finds the chunks of a small data source even when a large one holds the best matches', async () => {
    const index = new SqliteSearchIndex({ path: ':memory:' });
    const upsert = (dataSourceId: string, documentId: string, text: string) =>
      index.upsertDocument({
        dataSourceId,
        documentId,
        title: documentId,
        text,
        hash: documentId,
        tags: [],
        parents: [documentId],
        parentId: null,
        sourceUrl: null,
        mimeType: 'text/plain',
        timestamp: 0,
        created: 0,
        embeddingModel: null,
        chunks: [{ index: 0, text, hash: documentId, tokenCount: 3, vector: null }],
      });
    await Promise.all(Array.from({ length: 200 }, (_, i) => upsert('big', `b${i}`, 'airfoil airfoil airfoil')));
    await Promise.all(Array.from({ length: 5 }, (_, i) => upsert('small', `s${i}`, `airfoil and ${'padding '.repeat(20 + i)}`)));
    const hits = await index.searchLexical('airfoil', { dataSourceIds: ['small'] }, 3);
    expect(hits.map((hit) => hit.documentId)).toEqual(['s0', 's1', 's2']);
    await index.close();
  });
});
