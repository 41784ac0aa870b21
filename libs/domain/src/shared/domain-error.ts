import type { ErrorType } from '@app/contracts/errors';

/** An expected failure of a command or query, carried to the wire by the exception filter. */
export class DomainError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
