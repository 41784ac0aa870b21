import { nestingExceeds, tooDeepMessage } from '@app/contracts/http/validation/json-bounds';
import { allowedKeysOf, unrecognizedKeysMessage } from '@app/contracts/http/validation/only-keys.decorator';
import { isDeepStrictEqual } from 'node:util';
import { ValidationPipe, type ArgumentMetadata, type PipeTransform, type ValidationPipeOptions } from '@nestjs/common';
import { MAX_JSON_NESTING_DEPTH } from './json-nesting';
import { invalidRequest, validationExceptionFactory, type RequestPart } from './validation-exception.factory';

/**
 * Options of every part's `ValidationPipe`. `whitelist` stays off: several bodies let unknown keys
 * through (message context, metadata, agent objects) and strict ones say so with `@OnlyKeys`.
 * `stopAtFirstError` gives one message per field, as zod gave one issue.
 */
export const VALIDATION_PIPE_OPTIONS = {
  transform: true,
  whitelist: false,
  forbidUnknownValues: true,
  stopAtFirstError: true,
  validationError: { target: false, value: false },
} as const satisfies ValidationPipeOptions;

const NOT_DTOS: readonly unknown[] = [String, Boolean, Number, Array, Object, Buffer, Date];

// Parameters typed `unknown`, `string` or `Record<…>` (and custom decorators) pass through as they
// are, so controllers not yet given DTOs keep working. Failures are named after the part of the
// request ("Invalid request body: …", "Invalid query parameters: …"), which is why there is one
// ValidationPipe per part. Before class-transformer sees a value, the pipe refuses what it would
// mishandle: a body that is not an object, nesting past MAX_JSON_NESTING_DEPTH (class-transformer
// and the pipe's prototype-key stripping recurse once per level; JSON bodies are bounded already by
// the body middleware, query objects and direct callers are not), and, for
// @OnlyKeys classes, keys it would otherwise drop without a word (`__proto__`, `toString`, …).

/** The global pipe: validates and transforms each `@Body()`, `@Query()` and `@Param()` typed with a DTO class. */
export class RequestValidationPipe implements PipeTransform<unknown, Promise<unknown>> {
  private readonly pipes: Readonly<Record<RequestPart, ValidationPipe>>;
  /** Query DTOs by whether an empty query passes them unchanged (see emptyQuery). */
  private readonly emptyQueryAccepted = new Map<DtoClass, boolean>();

  constructor(options: ValidationPipeOptions = VALIDATION_PIPE_OPTIONS) {
    const pipe = (part: RequestPart) => new ValidationPipe({ ...options, exceptionFactory: validationExceptionFactory(part) });
    this.pipes = { body: pipe('body'), query: pipe('query'), path: pipe('path') };
  }

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const part = partOf(metadata);
    const metatype = metadata.metatype;
    if (metadata.type === 'custom' || typeof metatype !== 'function' || NOT_DTOS.includes(metatype)) return this.pipes[part].transform(value, metadata);
    checkRawValue(value, metatype, part);
    if (part === 'query' && isEmptyPlainObject(value)) return this.emptyQuery(metatype as DtoClass, metadata);
    return this.pipes[part].transform(value, metadata);
  }

  /**
   * Most requests carry no query string. Whether a query DTO accepts none is known after the first
   * such request: the answer is then a fresh instance (what class-transformer makes of `{}`)
   * without running class-validator again, or the same 400 as before.
   */
  private async emptyQuery(metatype: DtoClass, metadata: ArgumentMetadata): Promise<unknown> {
    if (this.emptyQueryAccepted.get(metatype) === true) return new metatype();
    const transformed: unknown = await this.pipes.query.transform({}, metadata);
    this.emptyQueryAccepted.set(metatype, transformed instanceof metatype && isDeepStrictEqual({ ...transformed }, { ...new metatype() }));
    return transformed;
  }
}

type DtoClass = new () => object;

function isEmptyPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.keys(value).length === 0;
}

/** The pipe to register once: `{ provide: APP_PIPE, useValue: createValidationPipe() }`. */
export function createValidationPipe(): RequestValidationPipe {
  return new RequestValidationPipe();
}

function partOf(metadata: ArgumentMetadata): RequestPart {
  if (metadata.type === 'query') return 'query';
  if (metadata.type === 'param') return 'path';
  return 'body';
}

function checkRawValue(value: unknown, metatype: object, part: RequestPart): void {
  // A missing body is an empty object: every field of a body DTO that may be left out is then absent.
  if (value === undefined || value === null) return;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidRequest(part, [`Expected object, received ${Array.isArray(value) ? 'array' : typeof value}`]);
  }
  if (nestingExceeds(value, MAX_JSON_NESTING_DEPTH)) {
    throw invalidRequest(part, [tooDeepMessage(MAX_JSON_NESTING_DEPTH)]);
  }
  const allowed = allowedKeysOf(metatype);
  const unknown = allowed ? unrecognizedKeysMessage(Object.keys(value), allowed) : undefined;
  if (unknown) throw invalidRequest(part, [unknown]);
}
