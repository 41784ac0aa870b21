import { Module } from '@nestjs/common';
import { DustAppsController } from './dust-apps.controller';
import { CheckAppsHandler } from './queries/check-apps.query';
import { ExportAppsHandler } from './queries/export-apps.query';

/**
 * Dust apps, which a self-hosted deployment does not run: the client's export and check answer for
 * a space with none. The real service opens export to system keys only; there are none here, so, as
 * for a project's lists, a space the caller can see answers and any other is a 404.
 */
@Module({
  controllers: [DustAppsController],
  providers: [ExportAppsHandler, CheckAppsHandler],
})
export class DustAppsModule {}
