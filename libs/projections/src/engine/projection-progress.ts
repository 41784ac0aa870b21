import { checkpointName, type GenerationRegistry, type ReadStore } from '@app/storage';
import { EventEmitter } from 'node:events';

/**
 * How far the projector of this process has got, and in which generation of read models. Create one
 * per process and hand it both to the projector, which reports each committed batch, and to whoever
 * waits for its own writes, so a wait wakes at once instead of polling. A position only counts for
 * the generation it was applied to: after a rebuild's switch, the old generation's progress says
 * nothing about the collections readers now use.
 */
export class ProjectionProgress {
  private generation = 0;
  private position = 0;
  private readonly signals = new EventEmitter().setMaxListeners(0);

  /** Records that `generation` includes every event up to `position`; never goes back. */
  report(position: number, generation: number): void {
    if (generation < this.generation) return;
    if (generation === this.generation && position <= this.position) return;
    this.generation = generation;
    this.position = position;
    this.signals.emit('position', position);
  }

  /** The last position reported. */
  current(): number {
    return this.position;
  }

  /** Whether `generation` is known to include the event at `position`. */
  reached(position: number, generation: number): boolean {
    return this.generation === generation && this.position >= position;
  }

  /** The generation the projector of this process follows (0 before it starts). */
  currentGeneration(): number {
    return this.generation;
  }

  /** Calls `listener` with each new position until the returned function is called. */
  onAdvance(listener: (position: number) => void): () => void {
    this.signals.on('position', listener);
    return () => this.signals.off('position', listener);
  }

  /** Asks the projector of this process to look at the active generation now (a reader saw a switch). */
  requestGenerationCheck(): void {
    this.signals.emit('generation-check');
  }

  onGenerationCheckRequest(listener: () => void): () => void {
    this.signals.on('generation-check', listener);
    return () => this.signals.off('generation-check', listener);
  }
}

/** Thrown when the read models did not reach a position in time. */
export class ProjectionLagError extends Error {
  constructor(readonly position: number, readonly timeoutMs: number) {
    super(`Read models did not reach position ${position} within ${timeoutMs} ms`);
    this.name = 'ProjectionLagError';
  }
}

/**
 * Waits until the active generation's checkpoint has passed `position` and returns that generation,
 * which the caller should read from. The projector of this process (its `progress`; null when there
 * is none) wakes the wait at once; a projector in another process is seen by polling its checkpoint.
 */
export async function waitForProjection(
  progress: ProjectionProgress | null,
  store: ReadStore,
  generations: GenerationRegistry,
  position: number,
  options: { timeoutMs: number; pollIntervalMs?: number },
): Promise<number> {
  const deadline = Date.now() + options.timeoutMs;
  const pollIntervalMs = options.pollIntervalMs ?? 20;
  const reached = async (): Promise<number | null> => {
    const generation = await generations.active();
    if (progress?.reached(position, generation)) return generation;
    // This process's projector still follows an older generation: have it switch now, not on its next tick.
    if (progress && progress.currentGeneration() !== generation) progress.requestGenerationCheck();
    return ((await store.getCheckpoint(checkpointName(generation))) ?? 0) >= position ? generation : null;
  };
  for (;;) {
    const generation = await reached();
    if (generation !== null) return generation;
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new ProjectionLagError(position, options.timeoutMs);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, Math.min(pollIntervalMs, remaining));
      const unsubscribe = progress?.onAdvance((reachedPosition) => {
        if (reachedPosition >= position) finish();
      });
      function finish(): void {
        clearTimeout(timer);
        unsubscribe?.();
        resolve();
      }
    });
  }
}
