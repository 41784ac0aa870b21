/** Bounds of the read cache. */
export interface ReadCacheLimits {
  /** Total JSON characters of the cached documents; 0 turns the cache off. */
  readonly maxChars: number;
  /** Answers with more documents than this are not kept (a large page would evict everything). */
  readonly maxDocumentsPerAnswer: number;
}

export const DEFAULT_READ_CACHE_LIMITS: ReadCacheLimits = { maxChars: 32 * 1024 * 1024, maxDocumentsPerAnswer: 1_000 };

interface Entry {
  readonly table: string;
  /** The table's write generation when kept: any later write to the table makes the entry stale. Null for one document by id, which is dropped when that id is written. */
  readonly generation: number | null;
  /** The table's clear generation when kept (drops, rebuilds). */
  readonly clears: number;
  readonly value: unknown;
  readonly chars: number;
  /** The answer stops being true at this instant (a document in it expires); Infinity when none does. */
  readonly validUntil: number;
}

/**
 * Parsed answers of the SQLite read store, so that reading the same documents again costs neither
 * a query nor a JSON parse. Correct by invalidation, never by time: every write of this process
 * drops what it could change (a document's own entry, and every query answer of its table), and a
 * write by another connection to the database file (another replica, the CLI) empties the cache,
 * which the store notices before each read (SqliteReadFreshness). Values are deeply frozen,
 * since every caller shares them: a caller that tried to change one would throw, not corrupt the
 * next answer. Least recently used entries go first once the character budget is spent.
 */
export class SqliteReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private readonly clears = new Map<string, number>();
  private chars = 0;
  /** Entries that are one document by id: while there are none, writes and reads by id need no key. */
  private documents = 0;

  constructor(private readonly limits: ReadCacheLimits = DEFAULT_READ_CACHE_LIMITS) {}

  get enabled(): boolean {
    return this.limits.maxChars > 0;
  }

  /** The cached answer, or undefined. */
  lookup(key: string, now: number): unknown {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.isCurrent(entry, now)) {
      this.drop(key, entry);
      return undefined;
    }
    // Most recently used last: the map's insertion order is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The cached document by id (null: known absent), or undefined. */
  lookupDocument(table: string, id: string, now: number): unknown {
    return this.documents === 0 ? undefined : this.lookup(documentKey(table, id), now);
  }

  /** Keeps the answer to a query over the table, until the table is written. */
  keepAnswer(key: string, table: string, value: unknown, documents: number, chars: number, validUntil: number): void {
    if (documents > this.limits.maxDocumentsPerAnswer) return;
    this.keep(key, { table, generation: this.generationOf(table), clears: this.clearsOf(table), value, chars, validUntil });
  }

  /** Keeps one document (or its absence, as null) read by id, until that id is written. */
  keepDocument(table: string, id: string, value: unknown, chars: number, validUntil: number): void {
    this.keep(documentKey(table, id), { table, generation: null, clears: this.clearsOf(table), value, chars, validUntil });
  }

  documentKey(table: string, id: string): string {
    return documentKey(table, id);
  }

  /** A document of the table was written or deleted by this process. */
  wrote(table: string, id: string): void {
    this.generations.set(table, this.generationOf(table) + 1);
    if (this.documents === 0) return;
    const key = documentKey(table, id);
    const entry = this.entries.get(key);
    if (entry) this.drop(key, entry);
  }

  /** The table was dropped or replaced as a whole. */
  cleared(table: string): void {
    this.generations.set(table, this.generationOf(table) + 1);
    this.clears.set(table, this.clearsOf(table) + 1);
  }

  /** Another connection changed the database: nothing cached can be trusted. */
  clear(): void {
    this.entries.clear();
    this.chars = 0;
    this.documents = 0;
  }

  get size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars };
  }

  private keep(key: string, entry: Entry): void {
    if (!this.enabled || entry.chars > this.limits.maxChars / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    deepFreeze(entry.value);
    this.entries.set(key, entry);
    this.chars += entry.chars;
    if (entry.generation === null) this.documents += 1;
    for (const [oldKey, old] of this.entries) {
      if (this.chars <= this.limits.maxChars) break;
      this.drop(oldKey, old);
    }
  }

  private isCurrent(entry: Entry, now: number): boolean {
    if (now >= entry.validUntil || entry.clears !== this.clearsOf(entry.table)) return false;
    return entry.generation === null || entry.generation === this.generationOf(entry.table);
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.chars -= entry.chars;
    if (entry.generation === null) this.documents -= 1;
  }

  private generationOf(table: string): number {
    return this.generations.get(table) ?? 0;
  }

  private clearsOf(table: string): number {
    return this.clears.get(table) ?? 0;
  }
}

function documentKey(table: string, id: string): string {
  return `d\u0000${table}\u0000${id}`;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
