import { AuditFilterQueryDto, AuditPageQueryDto } from '@app/contracts/http/audit.dto';
import type { ListAuditEntriesResponse } from '@app/contracts/http/audit.types';
import { ListAuditEntriesResponseSchema } from '@app/contracts/http/openapi/audit.schema';
import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import { Readable } from 'node:stream';
import { Auth, type AuthContext } from '../auth/auth-context';
import { AdminOnly } from '../common/http/route-access';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import type { AuditFilters } from './audit-trail';
import { ExportAuditTrailCommand } from './export-audit-trail.command';
import { ListAuditEntriesQuery } from './list-audit-entries.query';

/** The audit trail of a workspace: who did what, from the log (admins only). */
@Controller('api/w/:wId/audit')
export class AuditController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly commandBus: CommandBus,
  ) {}

  @Get()
  @AdminOnly()
  @ApiSuccess('List the audit trail (admins): sign-ins, keys and tokens, roles, agent changes, tool approvals, documents runs read, exports', ListAuditEntriesResponseSchema)
  list(@Auth() auth: AuthContext, @Query() query: AuditPageQueryDto): Promise<ListAuditEntriesResponse> {
    return this.queryBus.execute(new ListAuditEntriesQuery(auth.workspace.sId, filtersOf(query), query.cursor ?? null, query.limit));
  }

  @Get('export')
  @AdminOnly()
  @ApiOperation({
    summary: 'Export the audit trail (admins) as hash-chained JSON Lines',
    description:
      'One entry per line, oldest first, each with `prevHash` and `hash`; the last line is a trailer `{"end":{"count":N},…}`. The export is itself recorded in the trail (`audit.exported`). See docs/api.md for the canonical form to verify.',
  })
  @ApiProduces('application/jsonl')
  @ApiOkResponse({ description: 'The JSON Lines.', content: { 'application/jsonl': { schema: { type: 'string' } } } })
  async export(@Auth() auth: AuthContext, @Query() query: AuditFilterQueryDto): Promise<StreamableFile> {
    const lines = await this.commandBus.execute(new ExportAuditTrailCommand(auth, filtersOf(query)));
    return new StreamableFile(Readable.from(lines), { type: 'application/jsonl; charset=utf-8', disposition: `attachment; filename="audit-${auth.workspace.sId}.jsonl"` });
  }
}

function filtersOf(query: AuditFilterQueryDto): AuditFilters {
  return { actor: query.actor ?? null, kind: query.kind ?? null, from: query.from ?? null, to: query.to ?? null };
}
