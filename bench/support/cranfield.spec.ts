import { Bm25Baseline, ftsTokens } from './bm25-baseline';
import { gainOf, ndcgAt, recallAt } from './cranfield';

describe('retrieval metrics', () => {
  const judged = new Map([
    ['a', 1],
    ['b', 3],
    ['c', -1],
    ['d', 5],
  ]);

  it('gains 5 - grade for grades 1..4 and nothing otherwise', () => {
    expect([1, 2, 3, 4, 5, -1, undefined].map(gainOf)).toEqual([4, 3, 2, 1, 0, 0, 0]);
  });

  it('nDCG is 1 for the ideal order and lower otherwise', () => {
    expect(ndcgAt(10, ['a', 'b'], judged)).toBeCloseTo(1, 10);
    expect(ndcgAt(10, ['b', 'a'], judged)).toBeCloseTo((2 + 4 / Math.log2(3)) / (4 + 2 / Math.log2(3)), 10);
    expect(ndcgAt(1, ['x', 'a'], judged)).toBe(0);
  });

  it('recall counts relevant documents in the first k', () => {
    expect(recallAt(100, ['c', 'a'], judged)).toBe(0.5);
    expect(recallAt(1, ['b', 'a'], judged)).toBe(0.5);
  });
});

describe('BM25 baseline', () => {
  it('tokenizes like the index (porter, lower case, diacritics removed)', () => {
    expect(ftsTokens(['Flows of Café-owners', 'the WINGS'])).toEqual([['flow', 'of', 'cafe', 'owner'], ['the', 'wing']]);
  });

  it('ranks the document with the rarer, more frequent term first', () => {
    const docs = ftsTokens(['wing wing flow', 'flow flow flow flow the', 'the the the']);
    const bm25 = new Bm25Baseline(['d1', 'd2', 'd3'], docs);
    expect(bm25.rank(ftsTokens(['wing'])[0], 10)).toEqual(['d1']);
    expect(bm25.rank(ftsTokens(['wing flow'])[0], 10)).toEqual(['d1', 'd2']);
  });
});
