import type { EventStore, ReadStore } from '@app/storage';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/** How often a healthy projector writes its heartbeat. */
export const HEARTBEAT_INTERVAL_MS = 5_000;
/** Older than this, the heartbeat says the projector is unhealthy (several missed beats, not one slow one). */
export const HEARTBEAT_MAX_AGE_MS = 30_000;

/** What a beat checks and records. */
export interface HeartbeatSources {
  readonly eventStore: Pick<EventStore, 'ping'>;
  readonly readStore: Pick<ReadStore, 'ping'>;
  /** Position of the last event the projector applied. */
  readonly projector: { readonly position: number };
}

export interface Heartbeat {
  stop(): void;
}

/**
 * The projector serves no HTTP, so its container health check reads a file instead: every
 * interval, when both stores answer (within the interval), the projector writes the time and its
 * position to `path` (written aside, then renamed, so a reader never sees half a file).
 */
export function startHeartbeat(path: string, sources: HeartbeatSources, intervalMs = HEARTBEAT_INTERVAL_MS): Heartbeat {
  let beating = false;
  const beat = async (): Promise<void> => {
    if (beating) return;
    beating = true;
    try {
      if (!(await storesAnswer(sources, intervalMs))) return;
      writeFileSync(`${path}.tmp`, JSON.stringify({ at: Date.now(), position: sources.projector.position }));
      renameSync(`${path}.tmp`, path);
    } finally {
      beating = false;
    }
  };
  // A beat that cannot be written is a missed beat: the health check is what reports it.
  const timer = setInterval(() => void beat().catch(() => undefined), intervalMs);
  timer.unref();
  void beat().catch(() => undefined);
  return { stop: () => clearInterval(timer) };
}

/** Whether the heartbeat at `path` was written less than `maxAgeMs` ago. */
export function heartbeatIsFresh(path: string, now = Date.now(), maxAgeMs = HEARTBEAT_MAX_AGE_MS): boolean {
  let beat: unknown;
  try {
    beat = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
  return typeof beat === 'object' && beat !== null && 'at' in beat && typeof beat.at === 'number' && now - beat.at < maxAgeMs;
}

async function storesAnswer({ eventStore, readStore }: HeartbeatSources, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    const pings = Promise.all([eventStore.ping(), readStore.ping()]).then(([events, reads]) => events && reads);
    return await Promise.race([pings.catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
