import { EventEmitter } from 'node:events';
import type { GenerationRegistry } from './generation-registry';
import { checkpointName } from './generation-registry';
import type { ReadStore } from './read-store.port';

/**
 * News of an in-process projector's progress on one read store. The projector reports each committed
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

const progressByStore = new WeakMap<ReadStore, LocalProjectionProgress>();

/** The progress of projectors writing to this read store in this process. */
export function localProjectionProgress(store: ReadStore): LocalProjectionProgress {
  let progress = progressByStore.get(store);
  if (!progress) {
    progress = new LocalProjectionProgress();
    progress.setMaxListeners(0);
    progressByStore.set(store, progress);
  }
  return progress;
}

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
  const local = localProjectionProgress(store);
  if (local.current() >= position) return;
  const deadline = Date.now() + options.timeoutMs;
  const pollIntervalMs = options.pollIntervalMs ?? 20;
  const reached = async (): Promise<boolean> => {
    if (local.current() >= position) return true;
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
        local.off('position', onPosition);
        resolve();
      }
      local.on('position', onPosition);
    });
  }
}
