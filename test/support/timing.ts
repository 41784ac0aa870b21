import { performance } from 'node:perf_hooks';

/** One request's answer and how long it took, as the client saw it. */
export interface Timed {
  readonly status: number;
  readonly body: any;
  readonly ms: number;
}

type Send = () => Promise<{ status: number; body: any }>;

async function timed(send: Send): Promise<Timed> {
  const startedAt = performance.now();
  const { status, body } = await send();
  return { status, body, ms: performance.now() - startedAt };
}

/**
 * `rounds` attempts of each kind, interleaved so that all see the same load, after `warmUp` rounds
 * left out. The order turns each round: an attempt right after an expensive one (a hash's memory
 * to free) must not always be the same kind's.
 */
export async function interleaved(rounds: number, kinds: Readonly<Record<string, Send>>, warmUp = 3): Promise<Record<string, Timed[]>> {
  const entries = Object.entries(kinds);
  const samples: Record<string, Timed[]> = Object.fromEntries(entries.map(([name]) => [name, []]));
  for (let round = 0; round < warmUp + rounds; round += 1) {
    for (let turn = 0; turn < entries.length; turn += 1) {
      const [name, send] = entries[(round + turn) % entries.length]!;
      const attempt = await timed(send);
      if (round >= warmUp) samples[name]!.push(attempt);
    }
  }
  return samples;
}

/** Median, quartiles and interquartile range of a sample (linear interpolation between ranks). */
export function quartiles(sample: readonly number[]): { readonly q1: number; readonly median: number; readonly q3: number; readonly iqr: number } {
  const sorted = [...sample].sort((a, b) => a - b);
  const at = (p: number): number => {
    const rank = (sorted.length - 1) * p;
    const low = Math.floor(rank);
    const high = Math.ceil(rank);
    return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
  };
  const q1 = at(0.25);
  const q3 = at(0.75);
  return { q1, median: at(0.5), q3, iqr: q3 - q1 };
}

const hundredths = (value: number): number => Math.round(value * 100) / 100;

/**
 * Compares the timing of two kinds of attempt against the noise of the measurement, printing the
 * figures: the medians must differ by less than the larger of the two samples' own interquartile
 * ranges (their spread, not the pooled sample's, which a real gap would widen until it hid itself).
 */
export function expectSameTiming(label: string, a: readonly Timed[], b: readonly Timed[]): { readonly noiseMs: number; readonly medianMs: number } {
  const qa = quartiles(a.map(({ ms }) => ms));
  const qb = quartiles(b.map(({ ms }) => ms));
  const noiseMs = Math.max(qa.iqr, qb.iqr);
  const differenceMs = qa.median - qb.median;
  const figures = {
    n: [a.length, b.length],
    medianMs: [hundredths(qa.median), hundredths(qb.median)],
    quartilesMs: [
      [hundredths(qa.q1), hundredths(qa.q3)],
      [hundredths(qb.q1), hundredths(qb.q3)],
    ],
    differenceMs: hundredths(differenceMs),
    noiseMs: hundredths(noiseMs),
  };
  process.stdout.write(`timing ${label}: ${JSON.stringify(figures)}\n`);
  expect(Math.abs(differenceMs)).toBeLessThan(noiseMs);
  return { noiseMs, medianMs: qa.median };
}
