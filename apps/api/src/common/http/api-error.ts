import type { ErrorType } from '@app/contracts/errors';

/**
 * A request the api refuses on its own account, outside any aggregate: malformed input, a key
 * without the rights, a read model with no such thing. Deciders and policies throw `DomainError`
 * instead; the exception filter renders both in the same envelope. `status` overrides the type's
 * usual HTTP status where the real service uses one type for two statuses (`workspace_auth_error`:
 * 401 for a key of another workspace, 403 for a role gate).
 */
export class ApiError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
