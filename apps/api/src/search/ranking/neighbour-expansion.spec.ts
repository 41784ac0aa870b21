import type { IndexedChunk } from '@app/storage';
import { expandWithNeighbours } from './neighbour-expansion';

const chunk = (index: number, tokenCount = 10): IndexedChunk => ({ index, text: `c${index}`, hash: `h${index}`, tokenCount, vector: null });
const doc = Array.from({ length: 8 }, (_, i) => chunk(i));
const indexes = (selected: { chunk: IndexedChunk }[]): number[] => selected.map((s) => s.chunk.index);

describe('expandWithNeighbours', () => {
  it('grows evenly around a hit up to the budget, after before before, in document order', () => {
    const result = expandWithNeighbours([{ chunk: doc[4], score: 0.9 }], doc, 40);
    expect(indexes(result)).toEqual([3, 4, 5, 6]);
    expect(result.find((s) => s.chunk.index === 4)?.score).toBe(0.9);
    expect(result.find((s) => s.chunk.index === 3)?.score).toBeNull();
  });

  it('adds nothing when the hits already fill the budget', () => {
    expect(indexes(expandWithNeighbours([{ chunk: doc[2], score: 1 }], doc, 10))).toEqual([2]);
    expect(indexes(expandWithNeighbours([{ chunk: doc[2], score: 1 }], doc, 5))).toEqual([2]);
  });

  it('stops at the document edges and takes the whole document when the budget allows', () => {
    expect(indexes(expandWithNeighbours([{ chunk: doc[0], score: 1 }], doc, 1000))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('stops a side at a neighbour too large for what is left, leaving no hole', () => {
    const uneven = [chunk(0, 10), chunk(1, 10), chunk(2, 50), chunk(3, 10)];
    expect(indexes(expandWithNeighbours([{ chunk: uneven[1], score: 1 }], uneven, 30))).toEqual([0, 1]);
  });

  it('grows around several hits without repeating a chunk', () => {
    const result = expandWithNeighbours([{ chunk: doc[1], score: 1 }, { chunk: doc[3], score: 0.5 }], doc, 50);
    expect(indexes(result)).toEqual([0, 1, 2, 3, 4]);
  });
});
