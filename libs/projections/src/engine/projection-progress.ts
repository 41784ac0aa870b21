import { checkpointName, type GenerationRegistry, type ReadStore } from '@app/storage';
import { EventEmitter } from 'node:events';

/**
 * How far the projector of this process has got. Create one per process and hand it both to the
 * projector, which reports each committed batch, and to whoever waits for its own writes, so a wait
 * wakes at once instead of polling.
 */
export class ProjectionProgress {
  private position = 0;
  private readonly advances = new EventEmitter().setMaxListeners(0);

  /** Records that the read models include every event up to `position`; never goes back. */
  report(position: number): void {
    if (position <= this.position) return;
    this.position = position;
    this.advances.emit('position', position);
  }

  /** The last position reported. */
  current(): number {
    return this.position;
  }

  /** Calls `listener` with each new position until the returned function is called. */
  onAdvance(listener: (position: number) => void): () => void {
    this.advances.on('position', listener);
    return () => this.advances.off('position', listener);
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
 * Waits until the active generation's checkpoint has passed `position`. The projector of this
 * process (its `progress`; null when there is none) wakes the wait at once; a projector in another
 * process is seen by polling its checkpoint.
 */
export async function waitForProjection(
  progress: ProjectionProgress | null,
  store: ReadStore,
  generations: GenerationRegistry,
  position: number,
  options: { timeoutMs: number; pollIntervalMs?: number },
): Promise<void> {
  if (progress && progress.current() >= position) return;
  const deadline = Date.now() + options.timeoutMs;
  const pollIntervalMs = options.pollIntervalMs ?? 20;
  const reached = async (): Promise<boolean> => {
    if (progress && progress.current() >= position) return true;
    const generation = await generations.active();
    return ((await store.getCheckpoint(checkpointName(generation))) ?? 0) >= position;
  };
  while (!(await reached())) {
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
