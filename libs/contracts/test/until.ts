/** Polls `check` until it holds; fails the test after `timeoutMs`. For conditions reached by background work. */
export async function until(check: () => Promise<boolean>, timeoutMs = 5000, intervalMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
