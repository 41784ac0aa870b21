// A past view of a conversation is addressed by `?at=<epoch ms>`, so it can be reloaded and shared;
// the person picks the instant in a datetime-local input, which speaks the browser's local time.

/** The query parameter that holds the instant of a past view. */
export const AT_PARAMETER = 'at';

/** The instant a page's query names (`at`, epoch ms), or null for the conversation as it is now. */
export function instantOf(search: string): number | null {
  const value = new URLSearchParams(search).get(AT_PARAMETER);
  if (value === null || !/^\d{1,16}$/.test(value)) return null;
  const instant = Number(value);
  return Number.isSafeInteger(instant) ? instant : null;
}

/** The value a datetime-local input shows for an instant, in local time to the second (`YYYY-MM-DDTHH:mm:ss`). */
export function localInputValue(instantMs: number): string {
  const date = new Date(instantMs);
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${String(date.getFullYear()).padStart(4, '0')}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return `${day}T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** The instant a datetime-local input's value names (local time, seconds optional), or null when it names none. */
export function instantOfInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value);
  if (match === null) return null;
  const [, year, month, day, hours, minutes, seconds = '0', fraction = '0'] = match;
  const date = new Date(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds), Number(fraction.padEnd(3, '0')));
  const instant = date.getTime();
  // Rejects what Date would roll over (the 31st of a 30-day month, hour 24).
  if (Number.isNaN(instant) || date.getDate() !== Number(day) || date.getMonth() !== Number(month) - 1 || date.getMinutes() !== Number(minutes)) return null;
  return instant < 0 ? null : instant;
}

/** An instant as a person reads it, in their own time zone, to the second. */
export function readableInstant(instantMs: number): string {
  return new Date(instantMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}
