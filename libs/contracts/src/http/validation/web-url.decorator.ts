import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { IsOmittable } from './presence.decorator';

/** Longest URL a field takes (what browsers and the real service handle). */
const MAX_WEB_URL_LENGTH = 2048;

/** A URL a person can open: absolute, http or https. */
export function isWebUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > MAX_WEB_URL_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An optional, nullable `source_url`-like field: left out, null, or an http(s) URL a person can open. */
export function OptionalWebUrl(): PropertyDecorator {
  const decorators = [
    ApiPropertyOptional({ type: String, nullable: true, description: 'An http(s) URL.' }),
    IsOmittable(),
    ValidateBy({
      name: 'webUrl',
      validator: {
        validate: (value: unknown) => value === null || isWebUrl(value),
        defaultMessage: () => `must be a valid http(s) URL of at most ${MAX_WEB_URL_LENGTH} characters`,
      },
    }),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}
