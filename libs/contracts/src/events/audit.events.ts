import { streamNameOf } from './stream-name';

/**
 * Events of a workspace's audit stream (`audit-<wId>`): what the audit trail itself records beyond
 * the facts other streams hold. Today one fact: an admin exported the trail.
 */

/** Stream of a workspace's audit facts. */
export function toAuditStreamName(workspaceId: string): string {
  return streamNameOf('audit', workspaceId);
}

/** An admin exported the audit trail (`GET /api/w/{wId}/audit/export`) with these filters. */
export interface AuditTrailExported {
  readonly type: 'AuditTrailExported';
  readonly data: {
    readonly workspaceId: string;
    readonly exportId: string;
    /** Who exported: a user sId or an API key id. */
    readonly actorId: string;
    readonly filters: { readonly actor: string | null; readonly kind: string | null; readonly from: number | null; readonly to: number | null };
    readonly at: number;
  };
}

export type AuditEvent = AuditTrailExported;

export function isAuditEvent(event: { readonly type: string; readonly data: unknown }): event is AuditEvent {
  return event.type === 'AuditTrailExported';
}
