import { allowedKeysOf, unrecognizedKeysMessage } from '@app/contracts/http/validation/only-keys.decorator';
import { requestValueProblem } from '@app/contracts/http/validation/reserved-keys';
import { isDeepStrictEqual } from 'node:util';
import { ValidationPipe, type ArgumentMetadata, type PipeTransform, type ValidationPipeOptions } from '@nestjs/common';
import { validate, type ValidatorOptions } from 'class-validator';
import { plainToDto } from './dto-transformer';
import { MAX_JSON_NESTING_DEPTH } from '@app/contracts/http/validation/json-text-bounds';
import { invalidRequest, validationExceptionFactory, type RequestPart } from './validation-exception.factory';
import { memoizeValidationMetadata } from './validation-metadata-memo';

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

/** What class-validator is told for every DTO (the validator's share of the options above). */
const VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: VALIDATION_PIPE_OPTIONS.whitelist,
  forbidUnknownValues: VALIDATION_PIPE_OPTIONS.forbidUnknownValues,
  stopAtFirstError: VALIDATION_PIPE_OPTIONS.stopAtFirstError,
  validationError: VALIDATION_PIPE_OPTIONS.validationError,
};

// Parameters typed `unknown`, `string` or `Record<…>` (and custom decorators) go through Nest's
// ValidationPipe as they are, so controllers without DTOs keep working. A DTO class is turned into
// an instance by plainToDto and checked by class-validator here, each part once: Nest's pipe would
// walk the whole value three more times (prototype keys, binary values, array gaps), which a body
// holding 100,000 keys pays in full. Failures are named after the part of the request ("Invalid
// request body: …", "Invalid query parameters: …"). Before the value is transformed, the pipe
// refuses what would be mishandled: a body that is not an object, nesting past
// MAX_JSON_NESTING_DEPTH (JSON bodies are bounded already by the body middleware, query objects and
// direct callers are not), keys that name a prototype member (see reserved-keys), and, for
// @OnlyKeys classes, keys they do not know.

/** The global pipe: validates and transforms each `@Body()`, `@Query()` and `@Param()` typed with a DTO class. */
export class RequestValidationPipe implements PipeTransform<unknown, Promise<unknown>> {
  private readonly pipes: Readonly<Record<RequestPart, ValidationPipe>>;
  /** Query DTOs by whether an empty query passes them unchanged (see emptyQuery). */
  private readonly emptyQueryAccepted = new Map<DtoClass, boolean>();

  constructor(private readonly options: ValidatorOptions = VALIDATOR_OPTIONS) {
    memoizeValidationMetadata();
    const pipe = (part: RequestPart) => new ValidationPipe({ ...VALIDATION_PIPE_OPTIONS, exceptionFactory: validationExceptionFactory(part) });
    this.pipes = { body: pipe('body'), query: pipe('query'), path: pipe('path') };
  }

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const part = partOf(metadata);
    const metatype = metadata.metatype;
    if (metadata.type === 'custom' || !isDtoClass(metatype)) return this.pipes[part].transform(value, metadata);
    checkRawValue(value, metatype, part);
    if (part === 'query' && isEmptyPlainObject(value)) return this.emptyQuery(metatype, part);
    return this.validated(metatype, value, part);
  }

  private async validated(metatype: DtoClass, value: unknown, part: RequestPart): Promise<object> {
    // A missing body is an empty object: every field of a body DTO that may be left out is then absent.
    const instance = plainToDto(metatype, value ?? {});
    if (!(instance instanceof metatype)) throw invalidRequest(part, []);
    const errors = await validate(instance, this.options);
    if (errors.length > 0) throw validationExceptionFactory(part)(errors);
    return instance;
  }

  /**
   * Most requests carry no query string. Whether a query DTO accepts none is known after the first
   * such request: the answer is then a fresh instance (what the transformer makes of `{}`)
   * without running class-validator again, or the same 400 as before.
   */
  private async emptyQuery(metatype: DtoClass, part: RequestPart): Promise<unknown> {
    if (this.emptyQueryAccepted.get(metatype) === true) return new metatype();
    const transformed = await this.validated(metatype, {}, part);
    this.emptyQueryAccepted.set(metatype, isDeepStrictEqual({ ...transformed }, { ...new metatype() }));
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

const NOT_DTOS: readonly unknown[] = [String, Boolean, Number, Array, Object, Buffer, Date];

function isDtoClass(metatype: unknown): metatype is DtoClass {
  return typeof metatype === 'function' && !NOT_DTOS.includes(metatype);
}

function checkRawValue(value: unknown, metatype: object, part: RequestPart): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidRequest(part, [`Expected object, received ${Array.isArray(value) ? 'array' : typeof value}`]);
  }
  const problem = requestValueProblem(value, MAX_JSON_NESTING_DEPTH);
  if (problem) throw invalidRequest(part, [problem]);
  const allowed = allowedKeysOf(metatype);
  const unknown = allowed ? unrecognizedKeysMessage(Object.keys(value), allowed) : undefined;
  if (unknown) throw invalidRequest(part, [unknown]);
}
