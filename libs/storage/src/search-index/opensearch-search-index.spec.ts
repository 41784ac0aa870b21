import { describeSearchIndexContract } from '../../test/search-index.contract';
import { OpenSearchSearchIndex } from './opensearch-search-index';

// Set by docker compose; unset means the suite is reported as skipped.
const url = process.env.OPENSEARCH_URL;

describeSearchIndexContract(
  `OpenSearchSearchIndex${url ? '' : ' (skipped: OPENSEARCH_URL unset)'}`,
  async () => new OpenSearchSearchIndex({ url: url ?? '', indexPrefix: `contract-${Date.now().toString(36)}` }),
  { skip: !url },
);
