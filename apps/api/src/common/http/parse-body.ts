import type { z } from 'zod';
import { ApiError } from './api-error';

/**
 * Validates a request part against a schema; a failure is a 400 `invalid_request_error` whose
 * message names each offending field, as the real service words it.
 */
export function parseRequest<S extends z.ZodTypeAny>(schema: S, input: unknown, part: 'body' | 'query' | 'path' = 'body'): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const label = part === 'body' ? 'Invalid request body' : part === 'query' ? 'Invalid query parameters' : 'Invalid path parameters';
  const details = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.message}${issue.path.length > 0 ? ` at "${issue.path.join('.')}"` : ''}`)
    .join('; ');
  throw new ApiError('invalid_request_error', `${label}: ${details}`);
}
