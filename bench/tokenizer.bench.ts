/**
 * The bounded tokenizer on 2 MiB of text: prose (Cranfield), and the pathological texts that were
 * quadratic for the encoder (one letter repeated, random letters without a space, random rare
 * ideographs). Figures: time per text, the worst over prose per byte, and linearity (the time of
 * 2 MiB over the time of 1 MiB of random letters, timed in alternation). The encoder alone, before
 * the bound, is timed on 20,000 and 40,000 letters for comparison.
 * Run: `npm run build:bench && node dist/bench/tokenizer.bench.js`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens as unboundedCount } from 'gpt-tokenizer';
import { countTokens } from '../apps/api/src/tokenizing/bounded-tokenizer';
import { findCranfieldDirectory } from './support/cranfield';
import { seededRandom } from './support/generated-text';
import { recordFigure } from './support/results';

const MIB = 1024 * 1024;
const AS_TEXT = { disallowedSpecial: new Set<string>() };

function randomLetters(bytes: number, random: () => number): string {
  return Array.from({ length: bytes }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');
}

function rareIdeographs(bytes: number, random: () => number): string {
  return Array.from({ length: Math.floor(bytes / 4) }, () => String.fromCodePoint(0x20000 + Math.floor(random() * 0xa000))).join('');
}

/** Milliseconds of the fastest of `runs` calls (the first warms the encoder's caches up as a server's would be). */
function timed(run: () => unknown, runs = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * Best times of 1 MiB and 2 MiB of fresh random letters, made before the clock starts and timed in
 * alternation: on a shared machine, load that comes and goes then weighs on both sizes alike,
 * where timing all of one size and then all of the other turned a change of load into a ratio.
 */
function linearity(random: () => number, rounds = 3): { oneMib: number; twoMib: number } {
  let oneMib = Number.POSITIVE_INFINITY;
  let twoMib = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round += 1) {
    const [one, two] = [randomLetters(MIB, random), randomLetters(2 * MIB, random)];
    oneMib = Math.min(oneMib, timed(() => countTokens(one), 1));
    twoMib = Math.min(twoMib, timed(() => countTokens(two), 1));
  }
  return { oneMib, twoMib };
}

function main(): void {
  const dir = findCranfieldDirectory(process.env, join(__dirname, '..', '..'));
  if (dir === null) throw new Error('the Cranfield collection is missing (set CRANFIELD_DIR)');
  const cranfield = readFileSync(join(dir, 'cran.all.1400'), 'utf8');
  const prose = (cranfield + cranfield).slice(0, 2 * MIB);
  const random = seededRandom(42);
  // Fresh random texts for every run: the encoder caches the pieces it has seen.
  const texts: [string, () => string][] = [
    ['prose (Cranfield)', () => prose],
    ['one letter', () => 'a'.repeat(2 * MIB)],
    ['random letters', () => randomLetters(2 * MIB, random)],
    ['random rare ideographs', () => rareIdeographs(2 * MIB, random)],
  ];
  countTokens('warm up');
  const perText = new Map<string, number>();
  for (const [name, make] of texts) {
    const samples = [make(), make(), make()];
    let i = 0;
    const ms = timed(() => countTokens(samples[i++]!));
    perText.set(name, ms);
    recordFigure({ name: `bounded tokenizer, 2 MiB of ${name}: time`, value: Math.round(ms), unit: 'ms' });
  }
  const proseMs = perText.get('prose (Cranfield)')!;
  const worst = Math.max(...perText.values());
  recordFigure({
    name: 'bounded tokenizer: slowest 2 MiB text / prose',
    value: Math.round((worst / proseMs) * 10) / 10,
    target: { below: 50 },
    detail: `${Math.round(worst)} ms / ${Math.round(proseMs)} ms`,
  });
  const { oneMib, twoMib } = linearity(random);
  recordFigure({ name: 'bounded tokenizer: 2 MiB / 1 MiB of random letters (2 when linear)', value: Math.round((twoMib / oneMib) * 100) / 100, target: { below: 2.6 }, detail: `${Math.round(twoMib)} ms / ${Math.round(oneMib)} ms` });
  const before20k = timed(() => unboundedCount(randomLetters(20_000, random), AS_TEXT), 1);
  const before40k = timed(() => unboundedCount(randomLetters(40_000, random), AS_TEXT), 1);
  recordFigure({
    name: 'encoder alone (no bound), random letters: 40,000 / 20,000 (4 when quadratic)',
    value: Math.round((before40k / before20k) * 100) / 100,
    detail: `${Math.round(before40k)} ms / ${Math.round(before20k)} ms; the bounded tokenizer takes about ${Math.round((twoMib / (2 * MIB)) * 40_000)} ms for 40,000`,
  });
}

main();
