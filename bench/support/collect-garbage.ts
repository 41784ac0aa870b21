/**
 * A full collection in this process, when run with `--expose-gc` (as `npm run bench` does); twice,
 * so that what the first one's finalizers freed is collected too. Without the flag, nothing.
 */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}
