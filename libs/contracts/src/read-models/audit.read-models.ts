/**
 * The audit trail (`audit_entries`, one document per audited fact): who did what, as the log
 * recorded it. Most entries are one event; a tool approval is one entry from the request to its
 * answer, and the documents an agent run read are one entry per agent message.
 */

/** What an entry is about; the `kind` filter of `GET /api/w/{wId}/audit` takes one of these. */
export const AUDIT_KINDS = [
  'sign_in',
  'api_key.created',
  'api_key.revoked',
  'user_token.created',
  'user_token.revoked',
  'member.added',
  'member.role_changed',
  'member.removed',
  'agent_configuration.created',
  'agent_configuration.updated',
  'agent_configuration.archived',
  'agent_configuration.restored',
  'tool_call.approval',
  'agent_run.documents_read',
  'audit.exported',
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];

/**
 * Whose trail an entry belongs to: a workspace's (`workspace:<wId>`), or an account's
 * (`user:<userId>`) for facts of a person that no workspace owns (sign-ins, personal tokens, which
 * reach every workspace the person belongs to). A workspace's trail is its own scope plus its
 * members' accounts.
 */
export type AuditScope = `workspace:${string}` | `user:${string}`;

export function workspaceAuditScope(workspaceId: string): AuditScope {
  return `workspace:${workspaceId}`;
}

export function userAuditScope(userId: string): AuditScope {
  return `user:${userId}`;
}

/** A document read by an agent run: a search result or a resource a tool returned. */
export interface AuditDocumentRead {
  readonly toolName: string;
  readonly uri: string | null;
  readonly title: string | null;
  readonly documentId: string | null;
  readonly dataSourceId: string | null;
  readonly dataSourceViewId: string | null;
  readonly fileId: string | null;
}

/** Read model of one audit entry (`audit_entries` collection). */
export interface AuditEntryDocument {
  [key: string]: unknown;
  readonly scope: AuditScope;
  /** Global log position of the entry's latest event: the trail's order and its cursor. */
  readonly position: number;
  /** When it happened (epoch ms). */
  readonly at: number;
  readonly kind: AuditKind;
  /** Who did it: a user sId, an API key id, an agent sId (what a run read), or null when unknown. */
  readonly actorId: string | null;
  /** The fact's own fields (ids, role, the tool's arguments, the documents read…). */
  readonly details: Readonly<Record<string, unknown>>;
}
