import { addToBlock, blockReadsOfPage, ROW_BLOCK_SIZE, rowBlockKey, rowBlockOf } from './row-blocks';

describe('row blocks', () => {
  it('groups ordinals in blocks and keys a block by generation, block and table', () => {
    expect([0, ROW_BLOCK_SIZE - 1, ROW_BLOCK_SIZE, 3 * ROW_BLOCK_SIZE + 5].map(rowBlockOf)).toEqual([0, 0, 1, 3]);
    expect(rowBlockKey('ds1', 't/1', 2, 7)).toBe('2/7/ds1/t/1');
    expect(rowBlockKey('ds1', 't', 1, 0)).not.toBe(rowBlockKey('ds1', 't', 10, 0));
  });

  it('counts rows per block and forgets an emptied block', () => {
    const counts: Record<string, number> = {};
    addToBlock(counts, 2, 1);
    addToBlock(counts, 2, 1);
    addToBlock(counts, 5, 1);
    addToBlock(counts, 5, -1);
    expect(counts).toEqual({ 2: 2 });
  });

  it('reads a page from the blocks that hold it, skipping inside the first one only', () => {
    // Blocks 0, 3 and 4 hold rows; 1 and 2 are holes (rows deleted, ordinals spent on re-upserts).
    const counts = { 4: 5, 0: 3, 3: 2, 2: 0 };
    expect(blockReadsOfPage(counts, 0, 2)).toEqual([{ block: 0, skip: 0, take: 2 }]);
    expect(blockReadsOfPage(counts, 2, 4)).toEqual([
      { block: 0, skip: 2, take: 1 },
      { block: 3, skip: 0, take: 2 },
      { block: 4, skip: 0, take: 1 },
    ]);
    expect(blockReadsOfPage(counts, 6, 10)).toEqual([{ block: 4, skip: 1, take: 4 }]);
    expect(blockReadsOfPage(counts, 10, 10)).toEqual([]);
    expect(blockReadsOfPage(counts, 0, 0)).toEqual([]);
  });

  it('orders blocks by number, not as text', () => {
    expect(blockReadsOfPage({ 10: 1, 9: 1 }, 0, 2).map((read) => read.block)).toEqual([9, 10]);
  });
});
