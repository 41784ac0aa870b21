/** Latency percentiles of a sorted-or-not list of milliseconds. */
export function percentiles(samples: number[]): { p50: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted[sorted.length - 1] ?? 0) };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Runs `request` from `concurrency` loops for `durationMs`; returns requests per second, latency
 * percentiles and the statuses seen.
 */
export async function runLoad(
  request: () => Promise<number>,
  options: { concurrency: number; durationMs: number },
): Promise<{ requests: number; perSecond: number; p50: number; p99: number; max: number; statuses: Record<string, number> }> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const end = Date.now() + options.durationMs;
  const startedAt = Date.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        const status = await request();
        latencies.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const seconds = (Date.now() - startedAt) / 1000;
  return { requests: latencies.length, perSecond: Math.round(latencies.length / seconds), ...percentiles(latencies), statuses };
}
