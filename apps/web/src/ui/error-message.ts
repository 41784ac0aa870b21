import { ApiError } from '../api';

/** What to tell a person about a failed request: the api's own message, which is written for them. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Try again.';
}
