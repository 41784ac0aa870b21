import { renderResults } from './results-markdown';
import type { RecordedFigure } from './results';

describe('bench/RESULTS.md', () => {
  const machine = { cpu: 'Test CPU', cores: 2, memoryBytes: 8 * 2 ** 30, node: 'v24.0.0', platform: 'linux 6', loadAverage: { start: 0.5, end: 1.25 } };
  const date = new Date('2026-01-02T03:04:05.000Z');
  const render = (figures: RecordedFigure[], failure: string | null = null) =>
    renderResults(machine, date, figures, [{ bench: 'some', seconds: 12.34, failure }]);
  const row = (markdown: string, name: string) => markdown.split('\n').find((line) => line.startsWith(`| ${name} |`));

  it('names the machine, the Node version and the date', () => {
    const markdown = render([]);
    expect(markdown).toContain('Test CPU, 2 cores, 8.0 GiB RAM');
    expect(markdown).toContain('Node: v24.0.0');
    expect(markdown).toContain('2026-01-02T03:04:05.000Z');
    expect(markdown).toContain('at start / end: 0.50 / 1.25');
  });

  it('marks each figure against its target: pass, miss, not supported, or no verdict without a target', () => {
    const markdown = render([
      { bench: 'some', name: 'fast', value: 3, unit: 'ms', target: { below: 5 } },
      { bench: 'some', name: 'slow', value: 5, unit: 'ms', target: { below: 5 } },
      { bench: 'some', name: 'ratio', value: 0.3, target: { atLeast: 0.3 } },
      { bench: 'some', name: 'low ratio', value: 0.29, target: { atLeast: 0.3 }, detail: 'ours 29 | raw 100' },
      { bench: 'some', name: 'paging', value: null, unit: 'ms', target: { below: 5 }, detail: 'not supported: no hasMore' },
      { bench: 'some', name: 'plain', value: 7, unit: 'req/s' },
    ]);
    expect(row(markdown, 'fast')).toBe('| fast | 3 ms | < 5 ms | pass | some |');
    expect(row(markdown, 'slow')).toBe('| slow | 5 ms | < 5 ms | **miss** | some |');
    expect(row(markdown, 'ratio')).toBe('| ratio | 0.3 | ≥ 0.3 | pass | some |');
    expect(row(markdown, 'low ratio')).toBe('| low ratio | 0.29 (ours 29 \\| raw 100) | ≥ 0.3 | **miss** | some |');
    expect(row(markdown, 'paging')).toBe('| paging | — (not supported: no hasMore) | < 5 ms | not supported | some |');
    expect(row(markdown, 'plain')).toBe('| plain | 7 req/s |  |  | some |');
  });

  it('lists every bench run with its outcome', () => {
    expect(render([], 'timed out after 240 s')).toContain('| some | 12.3 | timed out after 240 s |');
    expect(render([])).toContain('| some | 12.3 | ok |');
  });
});
