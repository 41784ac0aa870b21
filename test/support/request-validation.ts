import { ApiError } from '../../apps/api/src/common/http/api-error';
import { createValidationPipe } from '../../apps/api/src/common/http/request-validation.pipe';

/** A DTO class as the pipe receives it from a parameter's type. */
export type DtoClass<T> = new () => T;

/** Which decorator the value came through. */
export type ParamType = 'body' | 'query' | 'param';

const pipe = createValidationPipe();

/** Runs a value through the api's validation pipe as `@Body() value: Dto` (or `@Query()`). */
export async function validate<T>(dto: DtoClass<T>, value: unknown, type: ParamType = 'body'): Promise<T> {
  const result: unknown = await pipe.transform(value, { type, metatype: dto });
  if (!(result instanceof dto)) throw new Error(`expected an instance of ${dto.name}`);
  return result;
}

/**
 * The message of the 400 the pipe answers a value with; fails the test when the value passes or
 * when anything but a 400 `invalid_request_error` ApiError comes out.
 */
export async function rejection(dto: DtoClass<unknown>, value: unknown, type: ParamType = 'body'): Promise<string> {
  let outcome: unknown;
  try {
    outcome = await pipe.transform(value, { type, metatype: dto });
  } catch (error) {
    if (error instanceof ApiError && error.type === 'invalid_request_error' && error.status === undefined) return error.message;
    throw new Error(`expected a 400 ApiError, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  }
  throw new Error(`expected a 400, the value passed as ${JSON.stringify(outcome)}`);
}

/** Whether the pipe accepts the value (a non-400 failure still fails the test). */
export async function accepts(dto: DtoClass<unknown>, value: unknown, type: ParamType = 'body'): Promise<boolean> {
  try {
    await pipe.transform(value, { type, metatype: dto });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.type === 'invalid_request_error') return false;
    throw error;
  }
}
