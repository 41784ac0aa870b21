import type { AuditKind } from '../read-models/audit.read-models';

/** One entry of the audit trail, as `GET /api/w/{wId}/audit` and its export show it. */
export interface AuditEntry {
  /** Global log position of the fact: the trail's order. */
  readonly position: number;
  /** When it happened (epoch ms). */
  readonly at: number;
  readonly kind: AuditKind;
  /** Who did it: a user sId, an API key id, an agent sId (what a run read), or null. */
  readonly actorId: string | null;
  /** The workspace's trail (`workspace`) or a member's account (`user`: sign-ins, personal tokens). */
  readonly scope: 'workspace' | 'user';
  readonly details: Readonly<Record<string, unknown>>;
}

/** A page of the trail, oldest first; `nextCursor` asks for the next page (null: none). */
export interface ListAuditEntriesResponse {
  readonly entries: AuditEntry[];
  readonly nextCursor: string | null;
}
