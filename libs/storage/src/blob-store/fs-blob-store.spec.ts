import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describeBlobStoreContract } from '../../test/blob-store.contract';
import { FsBlobStore } from './fs-blob-store';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'blobs-'));
  dirs.push(dir);
  return dir;
}

describeBlobStoreContract('FsBlobStore', async () => new FsBlobStore(freshDir()));

describe('FsBlobStore on disk', () => {
  it('leaves no temporary file behind after a refused write', async () => {
    const dir = freshDir();
    const store = new FsBlobStore(dir);
    async function* big(): AsyncIterable<Uint8Array> {
      yield randomBytes(2000);
      yield randomBytes(2000);
    }
    await expect(store.put(big(), { maxBytes: 3000 })).rejects.toThrow();
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
  });

  it('leaves none either when refused at its first chunk, before its file was even open', async () => {
    const dir = freshDir();
    const store = new FsBlobStore(dir);
    async function* tooBig(): AsyncIterable<Uint8Array> {
      yield randomBytes(5000);
    }
    for (let attempt = 0; attempt < 20; attempt += 1) await expect(store.put(tooBig(), { maxBytes: 3000 })).rejects.toThrow();
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
  });
});
