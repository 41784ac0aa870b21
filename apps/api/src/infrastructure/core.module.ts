import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { LOGGER } from '../common/logger';

/**
 * The validated configuration and the logger, given once at boot. Global on purpose, like the
 * storage module: every module needs them, and an import line in each would say nothing.
 */
@Global()
@Module({})
export class CoreModule {
  static register(config: ApiConfig, logger: Logger): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: API_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
      ],
      exports: [API_CONFIG, LOGGER],
    };
  }
}
