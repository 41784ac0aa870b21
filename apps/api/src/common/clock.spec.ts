import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clockOf, systemClock } from './clock';

describe('clock', () => {
  it('is the system clock unless a test clock file is configured', () => {
    expect(clockOf(null)).toBe(systemClock);
  });

  it('reads the time a test writes to its clock file, at each call', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'clock-')), 'now');
    writeFileSync(file, '1767225600000');
    const clock = clockOf(file);
    expect(clock.now()).toBe(1_767_225_600_000);
    writeFileSync(file, '1767225660000\n');
    expect(clock.now()).toBe(1_767_225_660_000);
  });
});
