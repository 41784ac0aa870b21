import { describeEventStoreContract } from '../../test/event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

// Only docker compose provides a server; elsewhere the cases are reported as skipped.
const url = process.env.EVENTSTORE_URL;

describeEventStoreContract(
  url === undefined || url === '' ? 'EventStoreDbEventStore (skipped: EVENTSTORE_URL unset)' : `EventStoreDbEventStore (${url})`,
  async () => new EventStoreDbEventStore(url ?? ''),
  { skip: url === undefined || url === '' },
);
