import { batches } from './batches';

async function* source(groups: number[][], pauseMs: number): AsyncGenerator<number> {
  for (const group of groups) {
    for (const value of group) yield value;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

describe('batches', () => {
  it('groups what is already available and never waits to fill a batch', async () => {
    const seen: number[][] = [];
    for await (const batch of batches(source([[1, 2, 3], [4], [5, 6]], 20), 100)) seen.push(batch);
    expect(seen).toEqual([[1, 2, 3], [4], [5, 6]]);
  });

  it('caps batch size and keeps order', async () => {
    const seen: number[][] = [];
    for await (const batch of batches(source([[1, 2, 3, 4, 5]], 5), 2)) seen.push(batch);
    expect(seen).toEqual([[1, 2], [3, 4], [5]]);
  });
});
