import type { ErrorType } from '@app/contracts/errors';

/**
 * An expected failure decided by the domain (a decider, a policy): the wire error type and a
 * message for the caller. Carried to the wire by the api's exception filter. `status` overrides the
 * type's usual HTTP status where the real service answers one type with another status (409 for a
 * conversation that is being compacted or prepared).
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
