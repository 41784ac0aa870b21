import { describeReadStoreContract } from '../../test/read-store.contract';
import { MongoReadStore } from './mongodb-read-store';

// Set by docker compose (a single-node replica set, which transactions need); unset means skipped.
const url = process.env.MONGODB_URL;

describeReadStoreContract('MongoReadStore', async () => new MongoReadStore({ url: url ?? '' }), { skip: !url });
