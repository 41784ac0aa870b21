import { PRUNE_MIN_ROWS, QueryTerms } from './sqlite-query-terms';

describe('QueryTerms', () => {
  const terms = new QueryTerms();
  afterAll(() => terms.close());
  // "the" is in every chunk, "flow" (stem of "flows") in a tenth of them.
  const rowsWith = (term: string): number => ({ the: PRUNE_MIN_ROWS, flow: PRUNE_MIN_ROWS / 10 })[term] ?? 0;

  it('quotes every word and ORs them, keeping repeats; no word, no query', () => {
    expect(terms.planOf('wing-flow "NEAR(x" wing', rowsWith, 100)).toEqual({ ranked: '"wing" OR "flow" OR "NEAR" OR "x" OR "wing"', widening: null });
    expect(terms.planOf(' ?! ', rowsWith, 100)).toBeNull();
  });

  it('in a large index, sets apart the words in half the chunks or more, judged by their stemmed terms', () => {
    expect(terms.planOf('The flows', rowsWith, PRUNE_MIN_ROWS)).toEqual({ ranked: '"flows"', widening: '"The"' });
  });

  it('ranks by the rarest word when every word is common', () => {
    const common = (term: string): number => ({ the: PRUNE_MIN_ROWS, of: PRUNE_MIN_ROWS * 0.6 })[term] ?? 0;
    expect(terms.planOf('the of', common, PRUNE_MIN_ROWS)).toEqual({ ranked: '"of"', widening: '"the"' });
  });
});
