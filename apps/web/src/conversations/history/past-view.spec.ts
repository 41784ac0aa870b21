import { describe, expect, it } from '@jest/globals';
import { instantOf, instantOfInput, localInputValue } from './past-view';

// The instant of a past view: read from the address, shown in and read back from a datetime-local
// input, which speaks local time (whatever the time zone these specs run in).

describe('the instant of a past view', () => {
  it('is the `at` of the query, in epoch ms; anything else is the conversation now', () => {
    expect(instantOf('?at=1764612000000')).toBe(1_764_612_000_000);
    expect(instantOf('at=0&limit=5')).toBe(0);
    expect(instantOf('')).toBeNull();
    for (const bad of ['?at=', '?at=-5', '?at=1.5', '?at=12abc', '?at=1e12', '?at=99999999999999999']) expect(instantOf(bad)).toBeNull();
  });

  it('shows in a datetime-local input to the second and reads back as the same instant', () => {
    const instant = Date.UTC(2026, 11, 1, 18, 5, 30);
    const value = localInputValue(instant);
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(instantOfInput(value)).toBe(instant);
    // Milliseconds are below what the input shows.
    expect(instantOfInput(localInputValue(instant + 999))).toBe(instant);
  });

  it('reads the values a datetime-local input gives, in local time: without seconds, or with a fraction', () => {
    expect(instantOfInput('2026-12-01T18:05')).toBe(new Date(2026, 11, 1, 18, 5).getTime());
    expect(instantOfInput('2026-12-01T18:05:30.25')).toBe(new Date(2026, 11, 1, 18, 5, 30, 250).getTime());
  });

  it('reads nothing from an empty, partial or impossible value', () => {
    for (const bad of ['', '2026-12-01', '2026-12-01T18', '2026-02-30T10:00', '2026-12-01T24:00', '2026-12-01T18:61', 'yesterday']) expect(instantOfInput(bad)).toBeNull();
  });
});
