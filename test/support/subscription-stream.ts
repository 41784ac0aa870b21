import { toSubscriptionStreamName } from '@app/contracts/events/subscription.events';
import { SqliteEventStore, type RecordedEvent } from '@app/storage';
import { join } from 'node:path';

/** A subscription's stream as the log in `dataDir` holds it, read beside the api processes using it. */
export async function subscriptionStream(dataDir: string, subscriptionId: string): Promise<RecordedEvent[]> {
  const store = new SqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  try {
    return await store.readStream(toSubscriptionStreamName(subscriptionId));
  } finally {
    await store.close();
  }
}
