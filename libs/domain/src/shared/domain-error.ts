import type { ErrorType } from '@app/contracts/errors';

/**
 * An expected failure decided by the domain (a decider, a policy): the wire error type and a
 * message for the caller. Carried to the wire by the api's exception filter.
 */
export class DomainError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
