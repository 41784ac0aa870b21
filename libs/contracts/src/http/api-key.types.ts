import type { WorkspaceRole } from '../events/workspace.events';

/** A live key of the workspace as admins list it (and `key list` prints it): never its secret, only its first characters. */
export interface ApiKeySummary {
  readonly keyId: string;
  /** `sk-` and the secret's first hex digits; null for keys created before prefixes were recorded. */
  readonly prefix: string | null;
  readonly role: WorkspaceRole;
  /** Email of the member the key acts as, or null for a key bound to no member. */
  readonly user: string | null;
  /** ISO 8601. */
  readonly createdAt: string;
  /** ISO 8601, within about a minute; null when the key has not been used since usage was recorded. */
  readonly lastUsedAt: string | null;
}

/** `GET /api/w/{wId}/keys`: the live keys, oldest first. */
export interface ListApiKeysResponse {
  readonly keys: readonly ApiKeySummary[];
}

/** `POST /api/w/{wId}/keys`: the only time the secret is shown (only its hash is kept). */
export interface CreateApiKeyResponse {
  readonly key: ApiKeySummary;
  readonly secret: string;
}
