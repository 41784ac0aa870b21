import { READ_STORE, type ReadStore } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';

/** Collection of when each key last authenticated, by key id. Not a projection: no generation, no rebuild. */
export const API_KEY_USAGE_COLLECTION = 'api_key_usage';
/** A key's last use is written at most this often by each api process. */
export const API_KEY_USAGE_WRITE_INTERVAL_MS = 60_000;

interface ApiKeyUsageDocument {
  [key: string]: unknown;
  readonly lastUsedAt: number;
}

/**
 * When each API key was last used, for `key list`. Usage is operational state, not a domain fact:
 * an event per request would grow the log with every read and make every request of a workspace
 * contend for its stream. Instead each process writes a key's last use to a plain collection of
 * the read store, at most once a minute per key and off the request's path, so "last used" is
 * exact to about a minute. The log cannot rebuild it; losing it loses only these dates.
 */
@Injectable()
export class ApiKeyUsage {
  // One entry per key that authenticated in this process: keys are created by admins, so few.
  private readonly lastWrittenMs = new Map<string, number>();
  private collectionReady: Promise<void> | null = null;

  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Notes that a key authenticated; never delays or fails the request. */
  touch(keyId: string, now = Date.now()): void {
    const last = this.lastWrittenMs.get(keyId);
    if (last !== undefined && now - last < API_KEY_USAGE_WRITE_INTERVAL_MS) return;
    this.lastWrittenMs.set(keyId, now);
    this.write(keyId, now).catch((error: unknown) => {
      this.lastWrittenMs.delete(keyId);
      this.logger.warn({ err: error, keyId }, 'could not record the last use of an API key');
    });
  }

  /** Last use of each key that has one, by key id. */
  async lastUsed(keyIds: readonly string[]): Promise<Map<string, number>> {
    const docs = await this.store.getMany<ApiKeyUsageDocument>(API_KEY_USAGE_COLLECTION, keyIds);
    return new Map([...docs].map(([keyId, doc]) => [keyId, doc.lastUsedAt]));
  }

  private async write(keyId: string, now: number): Promise<void> {
    this.collectionReady ??= this.store.ensureCollection({ name: API_KEY_USAGE_COLLECTION, indexes: [] }).catch((error: unknown) => {
      this.collectionReady = null;
      throw error;
    });
    await this.collectionReady;
    await this.store.put(API_KEY_USAGE_COLLECTION, keyId, { lastUsedAt: now } satisfies ApiKeyUsageDocument);
  }
}
