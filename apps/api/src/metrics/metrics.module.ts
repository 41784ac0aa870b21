import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';
import { MetricsController } from './metrics.controller';

/**
 * The one metrics registry of the api and its `GET /metrics`. Global: any module records into
 * `Metrics` or adds its own gauges without importing this module.
 */
@Global()
@Module({
  providers: [{ provide: Metrics, useFactory: () => new Metrics().collectProcessMetrics() }],
  controllers: [MetricsController],
  exports: [Metrics],
})
export class MetricsModule {}
