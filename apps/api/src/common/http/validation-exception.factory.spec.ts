import { ApiError } from './api-error';
import type { ValidationError } from 'class-validator';
import { describeValidationErrors, invalidRequest, validationExceptionFactory } from './validation-exception.factory';

const leaf = (property: string, message: string): ValidationError => ({ property, constraints: { check: message }, children: [] });
const node = (property: string, ...children: ValidationError[]): ValidationError => ({ property, children });

describe('validation exception factory', () => {
  it('writes dotted paths for nested objects and array items, as parseRequest wrote zod paths', () => {
    const errors = [
      node('message', node('context', leaf('timezone', 'must be a valid IANA time zone name'))),
      node('mentions', node('0', leaf('configurationId', 'is required'))),
    ];
    expect(describeValidationErrors(errors)).toEqual([
      'must be a valid IANA time zone name at "message.context.timezone"',
      'is required at "mentions.0.configurationId"',
    ]);
  });

  it('reports a class-level rule (property "") at its object, and at the top without a path', () => {
    const errors = [node('contentFragments', node('1', leaf('', 'give exactly one kind'))), leaf('', 'send exactly one of {title}, {read}')];
    expect(describeValidationErrors(errors)).toEqual(['give exactly one kind at "contentFragments.1"', 'send exactly one of {title}, {read}']);
  });

  it('names at most five failures, in order, with the first message of each', () => {
    const errors = Array.from({ length: 8 }, (_, i) => ({ property: `f${i}`, constraints: { a: `first ${i}`, b: 'second' }, children: [] }));
    const error = validationExceptionFactory('body')(errors);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).toBe(
      'Invalid request body: first 0 at "f0"; first 1 at "f1"; first 2 at "f2"; first 3 at "f3"; first 4 at "f4"',
    );
  });

  it('labels queries and path parameters as parseRequest did', () => {
    expect(validationExceptionFactory('query')([leaf('limit', 'must be an integer')]).message).toBe('Invalid query parameters: must be an integer at "limit"');
    expect(invalidRequest('path', ['bad']).message).toBe('Invalid path parameters: bad');
  });

  it('still answers a 400 for errors without constraints or children', () => {
    expect(validationExceptionFactory('body')([{ property: 'x' }]).message).toBe('Invalid request body: it does not have the expected shape');
  });

  it('walks an error tree thousands of levels deep without recursion', () => {
    let error = leaf('end', 'deep');
    for (let i = 0; i < 20_000; i += 1) error = node('d', error);
    const [issue] = describeValidationErrors([error]);
    expect(issue).toMatch(/^deep at "d\.d\./);
  });
});
