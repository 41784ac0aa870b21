import { rankPage } from './rank-page';

describe('rankPage', () => {
  it('takes the newest ranks first, then the ones below the cursor', () => {
    expect(rankPage(7, { limit: 3 })).toEqual({ ranks: [4, 5, 6], hasMore: true, lastValue: '4' });
    expect(rankPage(7, { limit: 3, before: 4 })).toEqual({ ranks: [1, 2, 3], hasMore: true, lastValue: '1' });
    expect(rankPage(7, { limit: 3, before: 1 })).toEqual({ ranks: [0], hasMore: false, lastValue: null });
  });

  it('is empty at the start, past the end of an empty conversation, and clamps a cursor past the end', () => {
    expect(rankPage(7, { limit: 3, before: 0 })).toEqual({ ranks: [], hasMore: false, lastValue: null });
    expect(rankPage(0, { limit: 3 })).toEqual({ ranks: [], hasMore: false, lastValue: null });
    expect(rankPage(2, { limit: 3, before: Number.MAX_SAFE_INTEGER })).toEqual({ ranks: [0, 1], hasMore: false, lastValue: null });
  });
});
