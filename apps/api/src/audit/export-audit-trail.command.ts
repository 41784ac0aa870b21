import { toAuditStreamName, type AuditTrailExported } from '@app/contracts/events/audit.events';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../auth/auth-context';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { StreamAppender } from '../event-sourcing/writing/stream-appender';
import { AuditChainWriter } from './audit-chain';
import { AuditTrail, type AuditFilters } from './audit-trail';

/**
 * `GET /api/w/{wId}/audit/export`: records the export in the trail first (so the export ends with
 * its own entry), then answers the filtered trail as hash-chained JSON Lines, one line at a time.
 */
export class ExportAuditTrailCommand extends Command<AsyncIterable<string>> {
  constructor(
    readonly auth: AuthContext,
    readonly filters: AuditFilters,
  ) {
    super();
  }
}

@CommandHandler(ExportAuditTrailCommand)
export class ExportAuditTrailHandler implements ICommandHandler<ExportAuditTrailCommand> {
  constructor(
    private readonly appender: StreamAppender,
    private readonly readModels: ReadModels,
    private readonly trail: AuditTrail,
  ) {}

  async execute({ auth, filters }: ExportAuditTrailCommand): Promise<AsyncIterable<string>> {
    const workspaceId = auth.workspace.sId;
    const actorId = auth.user?.sId ?? auth.keyId;
    const exported: AuditTrailExported = { type: 'AuditTrailExported', data: { workspaceId, exportId: randomUUID(), actorId, filters, at: Date.now() } };
    // Exports of one workspace may be recorded in any order: nothing decides on this stream.
    const { position } = await this.appender.append(toAuditStreamName(workspaceId), [exported], { actor: actorId, expectedRevision: 'any' });
    await this.readModels.waitFor(position);
    return this.lines(workspaceId, filters);
  }

  private async *lines(workspaceId: string, filters: AuditFilters): AsyncGenerator<string> {
    const chain = new AuditChainWriter();
    for await (const entry of this.trail.all(workspaceId, filters)) yield `${chain.entry({ ...entry })}\n`;
    yield `${chain.end()}\n`;
  }
}
