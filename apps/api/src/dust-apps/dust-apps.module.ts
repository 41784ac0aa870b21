import { Module } from '@nestjs/common';
import { DustAppsController } from './dust-apps.controller';
import { CheckAppsHandler } from './queries/check-apps.query';
import { ExportAppsHandler } from './queries/export-apps.query';
import { SpaceApps } from './space-apps';

/** Dust apps, which a self-hosted deployment does not run: the client's export and check answer for a space with none. */
@Module({
  controllers: [DustAppsController],
  providers: [SpaceApps, ExportAppsHandler, CheckAppsHandler],
})
export class DustAppsModule {}
