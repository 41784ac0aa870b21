import { describeBlobStoreContract } from '../../test/blob-store.contract';
import { GridFsBlobStore } from './mongodb-gridfs-blob-store';

// Set by docker compose; unset means the suite is reported as skipped.
const url = process.env.MONGODB_URL;

describeBlobStoreContract(
  `GridFsBlobStore${url ? '' : ' (skipped: MONGODB_URL unset)'}`,
  async () => new GridFsBlobStore({ url: url ?? '', dbName: `blobs_contract_${Date.now().toString(36)}` }),
  { skip: !url },
);
