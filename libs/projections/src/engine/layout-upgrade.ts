import { checkpointName, GenerationRegistry, type EventStore, type ReadStore } from '@app/storage';
import type { Projection } from '../projection';
import type { ProjectorLogger } from './live-projector';
import { GenerationLayouts, layoutChange, layoutOf, type LayoutChange, type ReadModelLayout } from './read-model-layout';
import { rebuildReadModels } from './rebuild';
import { RebuildLease, REBUILD_LEASE_MS, type RebuildLeaseHolder } from './rebuild-lease';

/** What the check at start found, and what this process does about it. */
export type LayoutCheck =
  /** The active generation was built with the code's layout. */
  | { readonly outcome: 'current' }
  /** Nothing to replay: the code's layout is recorded for the active generation as it is. */
  | { readonly outcome: 'recorded'; readonly why: 'nothing projected yet' | 'read models removed only' }
  /** This process rebuilds in the background; `change` is null when the old layout was never recorded. */
  | { readonly outcome: 'rebuilding'; readonly change: LayoutChange | null }
  /** Another process holds the rebuild lease; this one follows the active generation meanwhile. */
  | { readonly outcome: 'left to another process'; readonly heldBy: RebuildLeaseHolder | null };

export interface LayoutUpgradeOptions {
  /** See RebuildLease (tests shorten it). */
  readonly leaseMs?: number;
  /** How often a process that left the rebuild to another looks whether it still runs (default: the lease). */
  readonly recheckIntervalMs?: number;
  /** See RebuildOptions. */
  readonly switchGraceMs?: number;
}

const PURPOSE = 'read-model layout changed';

/**
 * Fills the read models that a release adds or bumps, without an operator. At start, before the live
 * projector follows the log, it compares the layout the active generation was built with against the
 * code's. The same layout, or a generation that has applied nothing yet (the live projector fills
 * it from the start of the log), needs nothing. Otherwise it runs the rebuild (`rebuildReadModels`)
 * in the background, while the live projector serves the old generation until the switch, under the
 * rebuild lease, so that one process rebuilds among all those that share the read store. The others
 * follow the old generation, and take the rebuild over if its process dies (its lease expires).
 */
export class ReadModelLayoutUpgrade {
  private readonly layout: ReadModelLayout;
  private readonly generations: GenerationRegistry;
  private readonly layouts: GenerationLayouts;
  private readonly abort = new AbortController();
  private rebuilding: Promise<void> | null = null;
  private rechecking: Promise<void> | null = null;
  private recheckTimer: NodeJS.Timeout | null = null;
  /** The active generation when this process started: once another one serves, a rebuild is no longer this process's to start. */
  private startGeneration = 0;
  private toldOfOtherRebuild = false;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly projections: readonly Projection[],
    private readonly logger: ProjectorLogger,
    private readonly options: LayoutUpgradeOptions = {},
  ) {
    this.layout = layoutOf(projections);
    this.generations = new GenerationRegistry(readStore);
    this.layouts = new GenerationLayouts(readStore);
  }

  /** Checks the active generation's layout; resolves once decided, not once rebuilt. */
  async start(): Promise<LayoutCheck> {
    await this.generations.init();
    this.startGeneration = await this.generations.active();
    const check = await this.check(this.startGeneration);
    if (check.outcome === 'left to another process') this.scheduleRecheck();
    return check;
  }

  /** Stops a rebuild in progress (it does not switch) and waits for it to let go of the store. */
  async stop(): Promise<void> {
    this.abort.abort(new Error('the projector is stopping'));
    if (this.recheckTimer) clearTimeout(this.recheckTimer);
    await this.rechecking;
    await this.rebuilding;
  }

  private async check(active: number): Promise<LayoutCheck> {
    const recorded = await this.layouts.read(active);
    if (recorded !== null && sameLayout(recorded, this.layout)) return { outcome: 'current' };
    if (((await this.readStore.getCheckpoint(checkpointName(active))) ?? 0) === 0) {
      await this.layouts.record(active, this.layout);
      return { outcome: 'recorded', why: 'nothing projected yet' };
    }
    const change = recorded === null ? null : layoutChange(recorded, this.layout);
    if (change !== null && change.added.length === 0 && change.bumped.length === 0) {
      // What the code still reads is complete; recording the smaller layout makes a release that adds
      // a removed read model back fill it again, since this one stops maintaining it.
      await this.layouts.record(active, this.layout);
      return { outcome: 'recorded', why: 'read models removed only' };
    }
    const claim = await RebuildLease.claim(this.readStore, PURPOSE, { leaseMs: this.options.leaseMs });
    if (!claim.won) {
      if (!this.toldOfOtherRebuild) {
        this.logger.info(
          { generation: active, heldBy: claim.heldBy },
          `${describe(change, active)}: another process is rebuilding; following generation ${active} until it switches`,
        );
      }
      this.toldOfOtherRebuild = true;
      return { outcome: 'left to another process', heldBy: claim.heldBy };
    }
    // Another process may have switched between the look and the claim: decide again on what it left.
    const now = await this.generations.active();
    if (now !== active || this.abort.signal.aborted) {
      await claim.lease.release();
      return now !== active ? this.check(now) : { outcome: 'current' };
    }
    this.rebuilding = this.rebuild(claim.lease, change, active).finally(() => {
      this.rebuilding = null;
    });
    return { outcome: 'rebuilding', change };
  }

  private async rebuild(lease: RebuildLease, change: LayoutChange | null, active: number): Promise<void> {
    try {
      const result = await rebuildReadModels(this.eventStore, this.readStore, this.projections, {
        lease,
        signal: this.abort.signal,
        switchGraceMs: this.options.switchGraceMs,
        onStart: ({ generation, previousGeneration }) =>
          this.logger.info(
            { generation, previousGeneration, added: change?.added, bumped: change?.bumped, removed: change?.removed },
            `${describe(change, active)}: rebuilding generation ${generation} in the background; reads stay on generation ${previousGeneration} until it has caught up`,
          ),
        onBulkWriteFailure: (error) =>
          this.logger.error({ err: messageOf(error) }, 'the bulk writer failed; loading the generation again with ordinary commits'),
      });
      this.logger.info(
        { generation: result.generation, events: result.events, failed: result.failed, durationMs: result.durationMs },
        `read models rebuilt for the new layout: generation ${result.generation} serves reads`,
      );
    } catch (error) {
      if (this.abort.signal.aborted) {
        this.logger.info({}, 'the rebuild for the new read-model layout stopped with the projector; the next start rebuilds again');
        return;
      }
      this.logger.error({ err: messageOf(error) }, 'the rebuild for the new read-model layout failed; reads stay on the old generation, and it is tried again');
      this.scheduleRecheck();
    } finally {
      await lease.release().catch(() => undefined);
    }
  }

  /** While the generation this process started on still serves, looks again whether it needs rebuilding. */
  private scheduleRecheck(): void {
    if (this.abort.signal.aborted) return;
    this.recheckTimer = setTimeout(() => {
      this.rechecking = this.recheck().finally(() => {
        this.rechecking = null;
      });
    }, this.options.recheckIntervalMs ?? this.options.leaseMs ?? REBUILD_LEASE_MS);
    this.recheckTimer.unref();
  }

  private async recheck(): Promise<void> {
    try {
      // A switch means someone finished a rebuild: the layout it chose is not this process's to undo.
      if (this.abort.signal.aborted || (await this.generations.active()) !== this.startGeneration) return;
      const check = await this.check(this.startGeneration);
      if (check.outcome === 'left to another process') this.scheduleRecheck();
    } catch (error) {
      this.logger.error({ err: messageOf(error) }, 'could not check the read-model layout; trying again');
      this.scheduleRecheck();
    }
  }
}

function sameLayout(recorded: ReadModelLayout, current: ReadModelLayout): boolean {
  const change = layoutChange(recorded, current);
  return change.added.length + change.bumped.length + change.removed.length === 0;
}

/** The start of the log line: what changed, or that the old layout is unknown. */
function describe(change: LayoutChange | null, generation: number): string {
  if (change === null) return `read-model layout of generation ${generation} not recorded (built by an earlier release)`;
  const parts = [
    change.added.length > 0 ? `added: ${change.added.join(', ')}` : null,
    change.bumped.length > 0 ? `bumped: ${change.bumped.join(', ')}` : null,
    change.removed.length > 0 ? `removed: ${change.removed.join(', ')}` : null,
  ].filter((part) => part !== null);
  return `read-model layout changed (${parts.join('; ')})`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
