import { AUDIT_PAGE_LIMIT_DEFAULT } from '@app/contracts/http/audit.dto';
import type { ListAuditEntriesResponse } from '@app/contracts/http/audit.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AuditTrail, type AuditFilters } from './audit-trail';

/** `GET /api/w/{wId}/audit`: a page of the trail after `cursor` (a log position), oldest first. */
export class ListAuditEntriesQuery extends Query<ListAuditEntriesResponse> {
  constructor(
    readonly workspaceId: string,
    readonly filters: AuditFilters,
    readonly cursor: string | null,
    readonly limit: number = AUDIT_PAGE_LIMIT_DEFAULT,
  ) {
    super();
  }
}

@QueryHandler(ListAuditEntriesQuery)
export class ListAuditEntriesHandler implements IQueryHandler<ListAuditEntriesQuery> {
  constructor(private readonly trail: AuditTrail) {}

  async execute({ workspaceId, filters, cursor, limit }: ListAuditEntriesQuery): Promise<ListAuditEntriesResponse> {
    const page = await this.trail.page(workspaceId, filters, cursor === null ? 0 : Number(cursor), limit);
    return { entries: page.entries, nextCursor: page.nextAfter === null ? null : String(page.nextAfter) };
  }
}
