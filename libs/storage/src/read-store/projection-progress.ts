import { EventEmitter } from 'node:events';
import type { GenerationRegistry } from './generation-registry';
import { checkpointName } from './generation-registry';
import type { ReadStore } from './read-store.port';

/**
 * Process-wide news of the projector's progress. An in-process projector reports each committed
 * batch here, so a request waiting to read its own write wakes at once instead of polling.
 */
class LocalProjectionProgress extends EventEmitter {
  private position = 0;

  report(position: number): void {
    if (position <= this.position) return;
    this.position = position;
    this.emit('position', position);
  }

  current(): number {
    return this.position;
  }
}

export const localProjectionProgress = new LocalProjectionProgress();
localProjectionProgress.setMaxListeners(0);

/** Thrown when the read models did not reach a position in time. */
export class ProjectionLagError extends Error {
  constructor(readonly position: number, readonly timeoutMs: number) {
    super(`Read models did not reach position ${position} within ${timeoutMs} ms`);
    this.name = 'ProjectionLagError';
  }
}

/**
 * Waits until the active generation's checkpoint has passed `position`: the in-process projector
 * wakes the wait at once; a projector in another process is seen by polling its checkpoint.
 */
export async function waitForProjection(
  store: ReadStore,
  generations: GenerationRegistry,
  position: number,
  options: { timeoutMs: number; pollIntervalMs?: number },
): Promise<void> {
  if (localProjectionProgress.current() >= position) return;
  const deadline = Date.now() + options.timeoutMs;
  const pollIntervalMs = options.pollIntervalMs ?? 20;
  const reached = async (): Promise<boolean> => {
    if (localProjectionProgress.current() >= position) return true;
    const generation = await generations.active();
    return ((await store.getCheckpoint(checkpointName(generation))) ?? 0) >= position;
  };
  while (!(await reached())) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new ProjectionLagError(position, options.timeoutMs);
    await new Promise<void>((resolve) => {
      const onPosition = (reachedPosition: number): void => {
        if (reachedPosition >= position) finish();
      };
      const timer = setTimeout(finish, Math.min(pollIntervalMs, remaining));
      function finish(): void {
        clearTimeout(timer);
        localProjectionProgress.off('position', onPosition);
        resolve();
      }
      localProjectionProgress.on('position', onPosition);
    });
  }
}
