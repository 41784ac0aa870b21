import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSearchIndexContract } from '../../test/search-index.contract';
import { SqliteSearchIndex } from './sqlite-search-index';

const dir = mkdtempSync(join(tmpdir(), 'search-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeSearchIndexContract('SqliteSearchIndex (file)', async () => new SqliteSearchIndex({ path: join(dir, 'search.sqlite') }));
describeSearchIndexContract('SqliteSearchIndex (:memory:)', async () => new SqliteSearchIndex({ path: ':memory:' }));
