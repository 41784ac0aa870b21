// First: the compile cache applies to modules loaded after it is enabled.
import './compile-cache';
import { ConfigurationError } from '@app/storage';
import { createApp } from './create-app';
import { loadApiConfig } from './config/api-config';
import { createLogger } from './common/logger';
import { bootstrapDefaultWorkspace } from './workspaces/bootstrap-default-workspace';

async function main(): Promise<void> {
  let config;
  try {
    config = loadApiConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigurationError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const app = await createApp(config, logger);
  await app.listen(config.port, config.host);
  logger.info({ port: config.port, embedded: config.storage.embedded, region: config.region }, 'api listening');
  if (config.bootstrapWorkspace) await bootstrapDefaultWorkspace(app, config);
}

void main().catch((error: unknown) => {
  // A store that is not what the configuration needs (a MongoDB without a replica set) is found at
  // boot: its message says what to change, a stack would only bury it.
  if (error instanceof ConfigurationError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`Fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
