import type { RebuildProgress } from '@app/projections';

/** A one-line progress bar on a terminal (stderr), redrawn at most every 100 ms. */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr): {
  update(progress: RebuildProgress): void;
  done(): void;
} {
  const startedAt = Date.now();
  let lastDrawAt = 0;
  let last: RebuildProgress | null = null;
  let lastAt = startedAt;
  // The rate is taken when the progress was reported, so the last line is not diluted by what comes
  // after the replay (the rebuild's grace period before it switches reads to the new collections).
  const draw = (progress: RebuildProgress, at: number): void => {
    const ratio = progress.head > 0 ? Math.min(1, progress.position / progress.head) : 1;
    const width = 30;
    const filled = Math.round(ratio * width);
    const seconds = Math.max(0.001, (at - startedAt) / 1000);
    const rate = Math.round(progress.events / seconds);
    const line = `rebuild [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(1)}% ${progress.events} events ${rate} ev/s${progress.failed > 0 ? ` ${progress.failed} failed` : ''}`;
    stream.write(stream.isTTY ? `\r${line}` : `${line}\n`);
  };
  return {
    update(progress) {
      last = progress;
      lastAt = Date.now();
      if (lastAt - lastDrawAt >= 100) {
        lastDrawAt = lastAt;
        draw(progress, lastAt);
      }
    },
    done() {
      if (last) draw(last, lastAt);
      if (stream.isTTY) stream.write('\n');
    },
  };
}
