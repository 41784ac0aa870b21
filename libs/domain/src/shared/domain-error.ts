import type { ErrorType } from '@app/contracts/errors';

/**
 * An expected failure of a command or query, carried to the wire by the exception filter. `status`
 * overrides the type's usual HTTP status where the real service uses one type for two statuses
 * (`workspace_auth_error`: 401 for a key of another workspace, 403 for a role gate).
 */
export class DomainError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
