import { ApiError } from './api-error';
import type { ValidationError } from 'class-validator';

/** The part of a request a validation failure is about; it names the failure on the wire. */
export type RequestPart = 'body' | 'query' | 'path';

/** Failures named in one message at most (the rest would only lengthen it). */
export const MAX_REPORTED_ISSUES = 5;

const LABELS: Readonly<Record<RequestPart, string>> = {
  body: 'Invalid request body',
  query: 'Invalid query parameters',
  path: 'Invalid path parameters',
};

/**
 * One `<message> at "<dotted.path>"` per failed check (depth first, in property order, at most
 * `limit`), as the API has always named them. A class-level rule (property `""`) is reported at
 * its object's path, and a failure of the whole body without a path.
 */
export function describeValidationErrors(errors: readonly ValidationError[], limit = MAX_REPORTED_ISSUES): string[] {
  const issues: string[] = [];
  // An explicit stack, and paths kept as links to the parent, so that neither the depth nor the
  // breadth of the tree costs more than one visit per error.
  const pending: { error: ValidationError; path: PathLink | undefined }[] = [...errors].reverse().map((error) => ({ error, path: undefined }));
  while (issues.length < limit) {
    const next = pending.pop();
    if (!next) break;
    const property = String(next.error.property);
    const path = property === '' ? next.path : { segment: property, parent: next.path };
    const message = Object.values(next.error.constraints ?? {})[0];
    if (typeof message === 'string') issues.push(path ? `${message} at "${joinPath(path)}"` : message);
    const children = next.error.children ?? [];
    for (let index = children.length - 1; index >= 0; index -= 1) pending.push({ error: children[index], path });
  }
  return issues;
}

interface PathLink {
  readonly segment: string;
  readonly parent: PathLink | undefined;
}

function joinPath(path: PathLink): string {
  const segments: string[] = [];
  for (let link: PathLink | undefined = path; link; link = link.parent) segments.push(link.segment);
  return segments.reverse().join('.');
}

/** The 400 `invalid_request_error` for a part of a request, its issues joined by `; `. */
export function invalidRequest(part: RequestPart, issues: readonly string[]): ApiError {
  const details = issues.length > 0 ? issues.slice(0, MAX_REPORTED_ISSUES).join('; ') : 'it does not have the expected shape';
  return new ApiError('invalid_request_error', `${LABELS[part]}: ${details}`);
}

/**
 * An `exceptionFactory` for Nest's `ValidationPipe`. A factory only receives the errors, not which
 * part of the request failed, so there is one per part: `RequestValidationPipe` holds a pipe for
 * each and picks by the parameter's decorator (`@Body()`, `@Query()`, `@Param()`).
 */
export function validationExceptionFactory(part: RequestPart): (errors: ValidationError[]) => ApiError {
  return (errors) => invalidRequest(part, describeValidationErrors(errors));
}
