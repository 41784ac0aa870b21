import { ConfigurationError, parseStorageConfig, type Environment, type StorageConfig } from '@app/storage';

/** Configuration of the projector process, validated once at boot. */
export interface ProjectorConfig {
  readonly storage: StorageConfig;
  readonly logLevel: string;
  /** File the running projector writes its heartbeat to, for container health checks; null for none. */
  readonly heartbeatFile: string | null;
}

/** Parses the projector configuration; throws a ConfigurationError naming every bad variable. */
export function loadProjectorConfig(env: Environment): ProjectorConfig {
  const problems: string[] = [];
  const storage = parseStorageConfig(env, problems);
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  }
  if (problems.length > 0) throw new ConfigurationError(problems);
  return { storage, logLevel, heartbeatFile: env.PROJECTOR_HEARTBEAT_FILE?.trim() || null };
}
