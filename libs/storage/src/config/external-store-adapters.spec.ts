import { eventStoreDbAdapter, gridFsBlobStoreAdapter, mongoReadStoreAdapter, openSearchAdapter } from './external-store-adapters';

describe('the external stores adapters, loaded on first use', () => {
  it('are the adapter modules', () => {
    expect(eventStoreDbAdapter().EventStoreDbEventStore).toEqual(expect.any(Function));
    expect(mongoReadStoreAdapter().MongoReadStore).toEqual(expect.any(Function));
    expect(gridFsBlobStoreAdapter().GridFsBlobStore).toEqual(expect.any(Function));
    expect(openSearchAdapter().OpenSearchSearchIndex).toEqual(expect.any(Function));
  });
});
