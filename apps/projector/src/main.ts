import {
  ALL_PROJECTIONS,
  LiveProjector,
  ProjectionProgress,
  ReadModelLayoutUpgrade,
  RebuildAlreadyRunningError,
  rebuildReadModels,
  retryFailedEvents,
} from '@app/projections';
import { BULK_CHECKPOINT_INTERVAL_MS, ConfigurationError, openEventStore, openVerifiedReadStore } from '@app/storage';
import pino from 'pino';
import { loadProjectorConfig } from './config';
import { startHeartbeat } from './health/heartbeat';
import { createProgressBar } from './rebuild/progress-bar';

/**
 * The projector process. `projector` follows the log and keeps the read models current;
 * at start it rebuilds by itself when a release added or bumped a read model (ReadModelLayoutUpgrade);
 * `projector rebuild` replays the whole log into fresh collections and switches reads to them;
 * `projector retry-failed` replays the events the projections failed on, once the cause is fixed.
 */
async function main(argv: string[]): Promise<void> {
  const command = argv[0] ?? 'run';
  if (!['run', 'rebuild', 'retry-failed'].includes(command)) {
    process.stderr.write(`Unknown command "${command}". Use: projector [run|rebuild|retry-failed]\n`);
    process.exitCode = 2;
    return;
  }
  const config = loadProjectorConfig(process.env);
  const logger = pino({ level: config.logLevel, base: { service: 'workspace-projector' } });
  const eventStore = openEventStore(config.storage, {
    onSkip: (skipped) => logger.warn({ skipped }, 'skipped an event of the log that the service did not write'),
  });
  // A rebuild writes in bulk and nobody waits on each of its commits: fewer, larger checkpoints.
  const readStore = await openVerifiedReadStore(config.storage, command === 'rebuild' ? { checkpointIntervalMs: BULK_CHECKPOINT_INTERVAL_MS } : {});

  if (command === 'rebuild') {
    const bar = createProgressBar();
    const result = await rebuildReadModels(eventStore, readStore, ALL_PROJECTIONS, {
      onProgress: (progress) => bar.update(progress),
      onBulkWriteFailure: (error) => logger.warn({ err: error }, 'the bulk writer failed; loading the generation again with ordinary commits'),
    }).catch((error: unknown) => {
      if (error instanceof RebuildAlreadyRunningError) return error;
      throw error;
    });
    bar.done();
    if (result instanceof RebuildAlreadyRunningError) {
      process.stderr.write(`${result.message}\n`);
      process.exitCode = 2;
      await eventStore.close();
      await readStore.close();
      return;
    }
    const seconds = Math.max(result.durationMs, 1) / 1000;
    process.stdout.write(
      `${JSON.stringify({ rebuilt: true, generation: result.generation, events: result.events, failed: result.failed, durationMs: result.durationMs, eventsPerSecond: Math.round(result.events / seconds) })}\n`,
    );
    await eventStore.close();
    await readStore.close();
    return;
  }
  if (command === 'retry-failed') {
    const result = await retryFailedEvents(eventStore, readStore, ALL_PROJECTIONS);
    const stillFailing = result.stillFailing.map(({ position, streamName, type, error }) => ({ position, streamName, type, error }));
    process.stdout.write(`${JSON.stringify({ generation: result.generation, applied: result.applied, stillFailing })}\n`);
    await eventStore.close();
    await readStore.close();
    if (stillFailing.length > 0) process.exitCode = 2;
    return;
  }

  // Before the live projector applies anything: a generation that has applied nothing needs no rebuild.
  const layoutUpgrade = new ReadModelLayoutUpgrade(eventStore, readStore, ALL_PROJECTIONS, logger);
  await layoutUpgrade.start();
  // Nobody in this process waits for its own writes; readers elsewhere poll the checkpoint.
  const projector = new LiveProjector(eventStore, readStore, ALL_PROJECTIONS, logger, new ProjectionProgress());
  await projector.start();
  const heartbeat = config.heartbeatFile === null ? null : startHeartbeat(config.heartbeatFile, { eventStore, readStore, projector });
  const shutdown = async (): Promise<void> => {
    heartbeat?.stop();
    await layoutUpgrade.stop();
    await projector.stop();
    await eventStore.close();
    await readStore.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigurationError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`Fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
