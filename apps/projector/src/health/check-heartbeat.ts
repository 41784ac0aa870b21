import { loadProjectorConfig } from '../config';
import { heartbeatIsFresh } from './heartbeat';

/**
 * The projector container's health check: exits 0 when the running projector wrote its heartbeat
 * (PROJECTOR_HEARTBEAT_FILE) recently, 1 otherwise. Run as `node dist/apps/projector/src/health/check-heartbeat.js`.
 */
function main(): number {
  const { heartbeatFile } = loadProjectorConfig(process.env);
  if (heartbeatFile === null) {
    process.stderr.write('PROJECTOR_HEARTBEAT_FILE is not set: the projector writes no heartbeat to check\n');
    return 1;
  }
  if (heartbeatIsFresh(heartbeatFile)) return 0;
  process.stderr.write(`No recent heartbeat in ${heartbeatFile}\n`);
  return 1;
}

try {
  process.exitCode = main();
} catch (error) {
  // A ConfigurationError's message names every bad variable.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
