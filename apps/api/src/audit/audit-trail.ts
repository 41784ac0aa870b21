import type { AuditEntry } from '@app/contracts/http/audit.types';
import type { AuditEntryDocument, AuditKind, AuditScope } from '@app/contracts/read-models/audit.read-models';
import { userAuditScope, workspaceAuditScope } from '@app/contracts/read-models/audit.read-models';
import type { UserDocument } from '@app/contracts/read-models/workspace.read-models';
import type { FindQuery } from '@app/storage';
import { Injectable } from '@nestjs/common';
import { ReadModels } from '../event-sourcing/reading/read-models';

/** Which entries of a workspace's trail: by whom, of what kind, from when to when (epoch ms, inclusive). */
export interface AuditFilters {
  readonly actor: string | null;
  readonly kind: AuditKind | null;
  readonly from: number | null;
  readonly to: number | null;
}

/** A page of entries, and the position the next one starts after (null: the trail ends here). */
export interface AuditPage {
  readonly entries: AuditEntry[];
  readonly nextAfter: number | null;
}

const BY_POSITION: FindQuery['sort'] = [{ field: 'position', direction: 'asc' }];

/**
 * Reads a workspace's audit trail from the `audit_entries` read model: the workspace's own entries
 * and those of its members' accounts (their sign-ins and personal tokens), in log order. Actor and
 * kind are index lookups; a page starts after a log position (the cursor, which stays right while
 * entries are added) and at `from`, both found by a binary search over the index order instead of
 * a scan from the beginning.
 */
@Injectable()
export class AuditTrail {
  constructor(private readonly readModels: ReadModels) {}

  /** Up to `limit` entries after log position `after` (0: from the start). */
  async page(workspaceId: string, filters: AuditFilters, after: number, limit: number): Promise<AuditPage> {
    const where = await this.whereOf(workspaceId, filters);
    const from = filters.from ?? 0;
    const to = filters.to ?? Number.MAX_SAFE_INTEGER;
    // Times follow log order (each entry's time is its event's), so "at or after `from`" is monotone along the index too.
    const start = await this.firstOffset(where, (doc) => doc.position > after && doc.at >= from);
    const docs = await this.readModels.find<AuditEntryDocument>('auditEntries', { where, sort: BY_POSITION, offset: start, limit: limit + 1 });
    const inRange = docs.slice(0, limit).filter((doc) => doc.at >= from && doc.at <= to);
    const last = docs[limit - 1];
    const more = docs.length > limit && last !== undefined && last.at <= to;
    return { entries: inRange.map(entryOf), nextAfter: more ? last.position : null };
  }

  /** Every entry the filters select, page by page. */
  async *all(workspaceId: string, filters: AuditFilters): AsyncGenerator<AuditEntry> {
    let after = 0;
    for (;;) {
      const { entries, nextAfter } = await this.page(workspaceId, filters, after, 500);
      yield* entries;
      if (nextAfter === null) return;
      after = nextAfter;
    }
  }

  /** The workspace's scope and its members' accounts, with the filters the index serves. */
  private async whereOf(workspaceId: string, filters: AuditFilters): Promise<NonNullable<FindQuery['where']>> {
    const members = await this.readModels.find<UserDocument>('users', { where: { workspaceId } });
    const scopes: AuditScope[] = [workspaceAuditScope(workspaceId), ...members.map((member) => userAuditScope(member.sId))];
    return {
      scope: { in: scopes },
      ...(filters.kind === null ? {} : { kind: filters.kind }),
      ...(filters.actor === null ? {} : { actorId: filters.actor }),
    };
  }

  /** Offset of the first entry (in position order) that `holds`, which must be false then true along that order. */
  private async firstOffset(where: NonNullable<FindQuery['where']>, holds: (doc: AuditEntryDocument) => boolean): Promise<number> {
    let low = 0;
    let high = await this.readModels.count('auditEntries', where);
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const [doc] = await this.readModels.find<AuditEntryDocument>('auditEntries', { where, sort: BY_POSITION, offset: middle, limit: 1 });
      if (doc === undefined || holds(doc)) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

function entryOf(doc: AuditEntryDocument): AuditEntry {
  return { position: doc.position, at: doc.at, kind: doc.kind, actorId: doc.actorId, scope: doc.scope.startsWith('user:') ? 'user' : 'workspace', details: doc.details };
}
