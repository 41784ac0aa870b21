import type { ReadStore } from '@app/storage';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** Who holds the rebuild lease, as stored in `projector_meta`. */
export interface RebuildLeaseHolder {
  [key: string]: unknown;
  /** Random per claim: the field a renewal checks, so only the holder renews. */
  readonly holder: string;
  /** Host and process id, for people reading a refusal. */
  readonly process: string;
  /** Why the holder rebuilds: `projector rebuild`, or a layout change noticed at start. */
  readonly purpose: string;
  readonly since: string;
}

/** How long a lease lasts unless renewed: a holder that died frees it after this long. */
export const REBUILD_LEASE_MS = 30_000;

const META_COLLECTION = 'projector_meta';
const LEASE_ID = 'rebuild_lease';

/** Thrown when a rebuild finds its lease taken over (it was not renewed in time): it must not switch. */
export class RebuildLeaseLostError extends Error {
  constructor() {
    super('the rebuild lease expired and another process took it; this rebuild stops without switching');
    this.name = 'RebuildLeaseLostError';
  }
}

/**
 * The right to build a new generation and switch to it, held by one process at a time across every
 * process on the read store: without it, two rebuilds would reserve generations side by side and each
 * drop the other's collections once it switched. A compare-and-set in the read store (`putIf`) takes
 * it; the holder renews it as its rebuild goes, and a holder that died frees it once it expires.
 */
export class RebuildLease {
  private renewedAt: number;

  private constructor(
    private readonly store: ReadStore,
    private readonly doc: RebuildLeaseHolder,
    private readonly leaseMs: number,
  ) {
    this.renewedAt = Date.now();
  }

  /** Takes the lease if nobody holds it; otherwise answers who does (null if it just expired). */
  static async claim(
    store: ReadStore,
    purpose: string,
    options: { readonly leaseMs?: number } = {},
  ): Promise<{ readonly won: true; readonly lease: RebuildLease } | { readonly won: false; readonly heldBy: RebuildLeaseHolder | null }> {
    const leaseMs = options.leaseMs ?? REBUILD_LEASE_MS;
    const doc: RebuildLeaseHolder = { holder: randomUUID(), process: `${hostname()}:${process.pid}`, purpose, since: new Date().toISOString() };
    await store.ensureCollection({ name: META_COLLECTION, indexes: [] });
    if (await store.putIf(META_COLLECTION, LEASE_ID, doc, null, { expiresAt: Date.now() + leaseMs })) {
      return { won: true, lease: new RebuildLease(store, doc, leaseMs) };
    }
    return { won: false, heldBy: await store.get<RebuildLeaseHolder>(META_COLLECTION, LEASE_ID) };
  }

  /** Renews the lease once a third of it has passed; throws RebuildLeaseLostError if it was lost. */
  async renewIfDue(): Promise<void> {
    if (Date.now() - this.renewedAt >= this.leaseMs / 3) await this.renew();
  }

  /** Renews the lease now; throws RebuildLeaseLostError if it was lost (before a switch, say). */
  async renew(): Promise<void> {
    const now = Date.now();
    const renewed = await this.store.putIf(META_COLLECTION, LEASE_ID, this.doc, this.expected(), { expiresAt: now + this.leaseMs });
    if (!renewed) throw new RebuildLeaseLostError();
    this.renewedAt = now;
  }

  /** Frees the lease for the next rebuild (a no-op if it was lost). */
  async release(): Promise<void> {
    // Written as already expired: it reads as free, and only by its holder's putIf.
    await this.store.putIf(META_COLLECTION, LEASE_ID, this.doc, this.expected(), { expiresAt: Date.now() - 1 });
  }

  private expected(): { readonly field: string; readonly equals: string } {
    return { field: 'holder', equals: this.doc.holder };
  }
}
