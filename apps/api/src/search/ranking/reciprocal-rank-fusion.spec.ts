import type { ChunkHit } from '@app/storage';
import { fuseByReciprocalRank } from './reciprocal-rank-fusion';

const hit = (documentId: string, score = 1, chunkIndex = 0): ChunkHit => ({ dataSourceId: 'ds', documentId, chunkIndex, score });

describe('fuseByReciprocalRank', () => {
  it('ranks a chunk found by both lists above chunks found by one', () => {
    const fused = fuseByReciprocalRank([
      [hit('a', 9), hit('both', 8)],
      [hit('b', 0.9), hit('both', 0.8)],
    ]);
    expect(fused.map((h) => h.documentId)).toEqual(['both', 'a', 'b']);
    expect(fused[0].ranks).toEqual([2, 2]);
    expect(fused[1].ranks).toEqual([1, null]);
  });

  it('scores the first of every list 1 and decreases with rank', () => {
    const fused = fuseByReciprocalRank([[hit('x'), hit('y')], [hit('x'), hit('y')]]);
    expect(fused[0].score).toBeCloseTo(1, 10);
    expect(fused[1].score).toBeCloseTo(61 / 62, 10);
  });

  it('keeps chunks of one document apart and breaks ties by the best single rank', () => {
    const fused = fuseByReciprocalRank([[hit('d', 1, 0), hit('e')], [hit('e'), hit('d', 1, 1)]]);
    expect(fused.map((h) => `${h.documentId}#${h.chunkIndex}`)).toEqual(['e#0', 'd#0', 'd#1']);
  });

  it('fuses nothing into nothing, and one list into its own order', () => {
    expect(fuseByReciprocalRank([[], []])).toEqual([]);
    expect(fuseByReciprocalRank([[hit('p'), hit('q')]]).map((h) => h.documentId)).toEqual(['p', 'q']);
  });
});
