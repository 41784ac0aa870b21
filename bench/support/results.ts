import { appendFileSync } from 'node:fs';

/** Environment variable naming the file where `npm run bench` collects the figures of every bench. */
export const FIGURES_FILE_VARIABLE = 'BENCH_FIGURES_FILE';

/** A target a figure should meet: `below` (strictly less than) or `atLeast` (greater or equal). */
export type Target = { readonly below: number } | { readonly atLeast: number };

/** One line of the RESULTS.md table. */
export interface Figure {
  /** What is measured, e.g. "POST message req/s, ours / raw node:http + sqlite insert". */
  readonly name: string;
  /** The measured value; null when the bench could not measure it (say why in `detail`). */
  readonly value: number | null;
  readonly unit?: string;
  readonly target?: Target;
  /** Context shown beside the value: the raw figures behind a ratio, why a figure is missing, ... */
  readonly detail?: string;
}

/** A figure as the runner stores it: which bench gave it. */
export interface RecordedFigure extends Figure {
  readonly bench: string;
}

/**
 * Hands a figure to the bench runner (a JSON line in the file it names) and prints it, so a bench
 * run on its own still shows it.
 */
export function recordFigure(figure: Figure): void {
  const bench = process.argv[1]?.split(/[\\/]/).pop()?.replace(/\.bench\.js$/, '') ?? 'unknown';
  const line = JSON.stringify({ bench, ...figure } satisfies RecordedFigure);
  const file = process.env[FIGURES_FILE_VARIABLE];
  if (file) appendFileSync(file, `${line}\n`);
  else console.log(`figure ${line}`);
}

/** Whether a value meets its target; null when there is no target or no value. */
export function meets(value: number | null, target: Target | undefined): boolean | null {
  if (value === null || target === undefined) return null;
  return 'below' in target ? value < target.below : value >= target.atLeast;
}

export function describeTarget(target: Target | undefined, unit = ''): string {
  if (target === undefined) return '';
  const suffix = unit ? ` ${unit}` : '';
  return 'below' in target ? `< ${target.below}${suffix}` : `≥ ${target.atLeast}${suffix}`;
}

/** `a / b` rounded to two decimals (0 when b is 0). */
export function ratio(a: number, b: number): number {
  return b === 0 ? 0 : Math.round((a / b) * 100) / 100;
}
