import { readFileSync } from 'node:fs';

/** Where time comes from for work that runs on its own (the trigger scheduler): a port, so tests can drive it. */
export interface Clock {
  now(): number;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => Date.now() };

/**
 * A clock a test sets by writing epoch milliseconds to a file, shared by every process it starts
 * (TEST_CLOCK_FILE, which the configuration refuses with NODE_ENV=production).
 */
export class FileClock implements Clock {
  constructor(private readonly path: string) {}

  now(): number {
    const at = Number(readFileSync(this.path, 'utf8').trim());
    return Number.isFinite(at) && at > 0 ? at : Date.now();
  }
}

/** The clock of the trigger scheduler: the test's file when configured, else the system's. */
export function clockOf(testClockFile: string | null): Clock {
  return testClockFile === null ? systemClock : new FileClock(testClockFile);
}
