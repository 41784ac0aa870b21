import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditTrail } from './audit-trail';
import { ExportAuditTrailHandler } from './export-audit-trail.command';
import { ListAuditEntriesHandler } from './list-audit-entries.query';

/** The audit trail: its listing and its hash-chained export (the trail itself is a projection). */
@Module({
  controllers: [AuditController],
  providers: [AuditTrail, ListAuditEntriesHandler, ExportAuditTrailHandler],
})
export class AuditModule {}
