import { describeTarget, meets, type RecordedFigure } from './results';

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryBytes: number;
  readonly node: string;
  readonly platform: string;
  /** One-minute load average when the run started and when it ended: other work on the machine skews every figure. */
  readonly loadAverage: { readonly start: number; readonly end: number };
}

export interface BenchRun {
  readonly bench: string;
  readonly seconds: number;
  /** null when it finished; otherwise why it did not (exit code, timeout). */
  readonly failure: string | null;
}

/** Renders bench/RESULTS.md: the machine, one table of figures with target and pass/miss, the runs. */
export function renderResults(machine: Machine, date: Date, figures: readonly RecordedFigure[], runs: readonly BenchRun[]): string {
  const totalSeconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const lines = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run-all.ts); every figure below comes from that one run.',
    '',
    `- Date: ${date.toISOString()}`,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${(machine.memoryBytes / 2 ** 30).toFixed(1)} GiB RAM, ${machine.platform}`,
    `- Node: ${machine.node}`,
    `- Load average (1 min) at start / end: ${machine.loadAverage.start.toFixed(2)} / ${machine.loadAverage.end.toFixed(2)}`,
    `- Total bench time: ${Math.round(totalSeconds)} s`,
    '',
    '| figure | measured | target | result | bench |',
    '|---|---|---|---|---|',
    ...figures.map((figure) => {
      const value = figure.value === null ? '—' : `${figure.value}${figure.unit ? ` ${figure.unit}` : ''}`;
      const verdict = figure.value === null ? 'not supported' : { true: 'pass', false: '**miss**', null: '' }[String(meets(figure.value, figure.target))];
      const measured = figure.detail ? `${value} (${figure.detail})` : value;
      return `| ${cell(figure.name)} | ${cell(measured)} | ${cell(describeTarget(figure.target, figure.unit))} | ${verdict} | ${figure.bench} |`;
    }),
    '',
    '## Runs',
    '',
    '| bench | seconds | outcome |',
    '|---|---|---|',
    ...runs.map((run) => `| ${run.bench} | ${run.seconds.toFixed(1)} | ${run.failure ?? 'ok'} |`),
    '',
  ];
  return lines.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
