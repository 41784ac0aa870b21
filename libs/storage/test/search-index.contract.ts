import type { IndexedDocument, SearchFilter, SearchIndex } from '../src/search-index/search-index.port';

/**
 * The behaviour every SearchIndex adapter must show. Each test uses data source ids of its own, so
 * the suite can run against a shared server; it deletes what it created.
 */
export function describeSearchIndexContract(name: string, factory: () => Promise<SearchIndex>, options: { skip?: boolean } = {}): void {
  // Skipped tests are still registered, so a run without the server reports them as skipped.
  const test = options.skip ? it.skip : it;

  describe(`SearchIndex contract: ${name}`, () => {
    const run = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const dataSources: string[] = [];
    let counter = 0;
    let index: SearchIndex;

    const freshDataSource = (): string => {
      const id = `dts_${run}_${++counter}`;
      dataSources.push(id);
      return id;
    };
    const documentOf = (dataSourceId: string, documentId: string, texts: string[], extra: Partial<IndexedDocument> = {}): IndexedDocument => ({
      dataSourceId,
      documentId,
      title: documentId,
      text: texts.join('\n'),
      hash: `h-${documentId}-${texts.join('|').length}`,
      tags: [],
      parents: [documentId],
      parentId: null,
      sourceUrl: null,
      mimeType: 'text/plain',
      timestamp: 1_000,
      created: 500,
      embeddingModel: null,
      chunks: texts.map((text, i) => ({ index: i, text, hash: `c-${text}`, tokenCount: text.split(' ').length, vector: null })),
      ...extra,
    });
    const idsOf = async (query: string, filter: SearchFilter, limit = 10): Promise<string[]> =>
      (await index.searchLexical(query, filter, limit)).map((hit) => `${hit.documentId}#${hit.chunkIndex}`);

    if (!options.skip) {
      beforeAll(async () => {
        index = await factory();
      });
      afterAll(async () => {
        for (const id of dataSources) await index.deleteDataSource(id);
        await index.close();
      });
    }

    test('finds chunks by their words, stemmed, best BM25 first, with positive scores', async () => {
      const ds = freshDataSource();
      await index.upsertDocument(documentOf(ds, 'wing', ['the wing flow separates at high angles', 'unrelated landing gear']));
      await index.upsertDocument(documentOf(ds, 'flows', ['boundary layer flows and flow separation and more flow']));
      await index.upsertDocument(documentOf(ds, 'other', ['nothing about it']));

      const hits = await index.searchLexical('flow', { dataSourceIds: [ds] }, 10);
      expect(hits.map((hit) => `${hit.documentId}#${hit.chunkIndex}`)).toEqual(['flows#0', 'wing#0']);
      expect(hits[0].score).toBeGreaterThan(hits[1].score);
      expect(hits[1].score).toBeGreaterThan(0);
      expect(hits[0].dataSourceId).toBe(ds);
    });

    test('treats query punctuation and operators as plain words, and an empty query finds nothing', async () => {
      const ds = freshDataSource();
      await index.upsertDocument(documentOf(ds, 'd', ['near and or not wildcard']));
      await expect(idsOf('"NEAR( wildcard* AND OR -not:', { dataSourceIds: [ds] })).resolves.toEqual(['d#0']);
      await expect(idsOf('  ?! ', { dataSourceIds: [ds] })).resolves.toEqual([]);
    });

    test('a word found in most chunks neither hides them nor outranks a rare word', async () => {
      const ds = freshDataSource();
      for (let i = 0; i < 4; i += 1) await index.upsertDocument(documentOf(ds, `common${i}`, ['the usual filler words here']));
      await index.upsertDocument(documentOf(ds, 'rare', ['the one with turbulence']));
      await expect(idsOf('turbulence the', { dataSourceIds: [ds] }, 1)).resolves.toEqual(['rare#0']);
      await expect(idsOf('usual', { dataSourceIds: [ds] })).resolves.toHaveLength(4);
      await expect(idsOf('the', { dataSourceIds: [ds] })).resolves.toHaveLength(5);
    });

    test('honours the limit', async () => {
      const ds = freshDataSource();
      for (let i = 0; i < 5; i += 1) await index.upsertDocument(documentOf(ds, `d${i}`, ['shared word']));
      await expect(index.searchLexical('shared', { dataSourceIds: [ds] }, 3)).resolves.toHaveLength(3);
    });

    test('an upsert replaces the previous chunks and metadata, keeping the first creation time', async () => {
      const ds = freshDataSource();
      await index.upsertDocument(documentOf(ds, 'd', ['alpha one', 'alpha two', 'alpha three'], { created: 100, tags: ['old'] }));
      await index.upsertDocument(documentOf(ds, 'd', ['beta only'], { created: 900, tags: ['new'], title: 'Renamed' }));

      await expect(idsOf('alpha', { dataSourceIds: [ds] })).resolves.toEqual([]);
      await expect(idsOf('beta', { dataSourceIds: [ds] })).resolves.toEqual(['d#0']);
      const [summary] = await index.getDocuments([{ dataSourceId: ds, documentId: 'd' }]);
      expect(summary).toMatchObject({ title: 'Renamed', tags: ['new'], created: 100, chunkCount: 1, text: 'beta only' });
      await expect(index.getChunks({ dataSourceId: ds, documentId: 'd' }, 0, 10)).resolves.toHaveLength(1);
    });

    test('searches only the data sources asked for; deletes a document or a whole data source', async () => {
      const [a, b] = [freshDataSource(), freshDataSource()];
      await index.upsertDocument(documentOf(a, 'a1', ['common term']));
      await index.upsertDocument(documentOf(a, 'a2', ['common term']));
      await index.upsertDocument(documentOf(b, 'b1', ['common term']));

      await expect(idsOf('common', { dataSourceIds: [b] })).resolves.toEqual(['b1#0']);
      expect((await idsOf('common', { dataSourceIds: [a, b] })).sort()).toEqual(['a1#0', 'a2#0', 'b1#0']);

      await index.deleteDocument({ dataSourceId: a, documentId: 'a1' });
      await expect(idsOf('common', { dataSourceIds: [a] })).resolves.toEqual(['a2#0']);
      await expect(index.getDocuments([{ dataSourceId: a, documentId: 'a1' }])).resolves.toEqual([]);

      await index.deleteDataSource(a);
      await expect(idsOf('common', { dataSourceIds: [a, b] })).resolves.toEqual(['b1#0']);
      await expect(index.getChunks({ dataSourceId: a, documentId: 'a2' }, 0, 5)).resolves.toEqual([]);
    });

    test('filters by timestamp (strict bounds), tags and parents', async () => {
      const ds = freshDataSource();
      await index.upsertDocument(documentOf(ds, 'early', ['report'], { timestamp: 100, tags: ['finance', 'q1'], parents: ['early', 'folder-a'] }));
      await index.upsertDocument(documentOf(ds, 'middle', ['report'], { timestamp: 200, tags: ['finance'], parents: ['middle', 'folder-b'] }));
      await index.upsertDocument(documentOf(ds, 'late', ['report'], { timestamp: 300, tags: ['hr'], parents: ['late', 'folder-a', 'root'] }));
      const docs = async (filter: Omit<SearchFilter, 'dataSourceIds'>): Promise<string[]> =>
        (await idsOf('report', { dataSourceIds: [ds], ...filter })).map((id) => id.split('#')[0]).sort();

      await expect(docs({ timestampGt: 100 })).resolves.toEqual(['late', 'middle']);
      await expect(docs({ timestampLt: 300 })).resolves.toEqual(['early', 'middle']);
      await expect(docs({ timestampGt: 100, timestampLt: 300 })).resolves.toEqual(['middle']);
      await expect(docs({ tagsIn: ['finance'] })).resolves.toEqual(['early', 'middle']);
      await expect(docs({ tagsIn: ['q1', 'hr'] })).resolves.toEqual(['early', 'late']);
      await expect(docs({ tagsNot: ['q1'] })).resolves.toEqual(['late', 'middle']);
      await expect(docs({ tagsIn: ['finance'], tagsNot: ['q1'] })).resolves.toEqual(['middle']);
      await expect(docs({ parentsIn: ['folder-a'] })).resolves.toEqual(['early', 'late']);
      await expect(docs({ parentsIn: ['middle'] })).resolves.toEqual(['middle']);
      await expect(docs({ parentsNot: ['root'] })).resolves.toEqual(['early', 'middle']);
      await expect(docs({ parentsIn: ['folder-a'], parentsNot: ['root'] })).resolves.toEqual(['early']);
      await expect(docs({ parentsIn: ['folder-a'], scopeParentsIn: ['root', 'middle'] })).resolves.toEqual(['late']);
      await expect(docs({ scopeParentsIn: ['folder-b', 'early'] })).resolves.toEqual(['early', 'middle']);
      await expect(docs({ tagsIn: [] })).resolves.toEqual([]);
      await expect(docs({ tagsNot: [] })).resolves.toEqual(['early', 'late', 'middle']);
    });

    test('finds the nearest vectors of the same embedding model, with filters applied first', async () => {
      const ds = freshDataSource();
      const withVectors = (id: string, vector: number[], model: string, timestamp = 1_000): IndexedDocument => {
        const base = documentOf(ds, id, [`text of ${id}`], { embeddingModel: model, timestamp });
        return { ...base, chunks: base.chunks.map((chunk) => ({ ...chunk, vector })) };
      };
      await index.upsertDocument(withVectors('x', [1, 0, 0], 'm1'));
      await index.upsertDocument(withVectors('xy', [0.7, 0.7, 0], 'm1', 5_000));
      await index.upsertDocument(withVectors('y', [0, 1, 0], 'm1'));
      await index.upsertDocument(withVectors('other-model', [1, 0, 0], 'm2'));
      await index.upsertDocument(documentOf(ds, 'lexical-only', ['no vector']));

      const hits = await index.searchVector([0.9, 0.1, 0], 'm1', { dataSourceIds: [ds] }, 10);
      expect(hits.map((hit) => hit.documentId)).toEqual(['x', 'xy', 'y']);
      expect(hits[0].score).toBeCloseTo(0.994, 2);
      expect(hits[0].score).toBeGreaterThan(hits[1].score);

      const filtered = await index.searchVector([0.9, 0.1, 0], 'm1', { dataSourceIds: [ds], timestampGt: 2_000 }, 1);
      expect(filtered.map((hit) => hit.documentId)).toEqual(['xy']);
      await expect(index.searchVector([1, 0, 0], 'm2', { dataSourceIds: [ds] }, 10)).resolves.toHaveLength(1);
    });

    test('returns a range of chunks of a document in order, vectors included', async () => {
      const ds = freshDataSource();
      await index.upsertDocument(documentOf(ds, 'long', ['c zero', 'c one', 'c two', 'c three']));
      const chunks = await index.getChunks({ dataSourceId: ds, documentId: 'long' }, 1, 2);
      expect(chunks).toEqual([
        { index: 1, text: 'c one', hash: 'c-c one', tokenCount: 2, vector: null },
        { index: 2, text: 'c two', hash: 'c-c two', tokenCount: 2, vector: null },
      ]);
    });

    test('returns document metadata as stored', async () => {
      const ds = freshDataSource();
      const doc = documentOf(ds, 'meta', ['body'], {
        title: 'A title',
        tags: ['t1', 't2'],
        parents: ['meta', 'p1'],
        parentId: 'p1',
        sourceUrl: 'https://example.com/meta',
        mimeType: 'text/markdown',
        timestamp: 1234,
      });
      await index.upsertDocument(doc);
      const [summary] = await index.getDocuments([{ dataSourceId: ds, documentId: 'meta' }, { dataSourceId: ds, documentId: 'missing' }]);
      const { chunks: _chunks, ...rest } = doc;
      expect(summary).toEqual({ ...rest, chunkCount: 1 });
    });

    test('stores vectors by model and content hash for reuse', async () => {
      await index.storeVectors(`model-${run}`, [
        { hash: 'h1', vector: [0.5, 0.25] },
        { hash: 'h2', vector: [1, 0] },
      ]);
      const found = await index.getStoredVectors(`model-${run}`, ['h1', 'h3', 'h1']);
      expect(found).toEqual([{ hash: 'h1', vector: [0.5, 0.25] }]);
      await expect(index.getStoredVectors(`other-${run}`, ['h1'])).resolves.toEqual([]);
    });
  });
}
