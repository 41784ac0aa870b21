import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { NonEmptyText } from './validation/field.decorator';
import { InOrder } from './validation/in-order.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { MESSAGES } from './validation/validation.messages';

/** Longest password taken: scrypt reads all of it, and nobody types more. */
export const MAX_PASSWORD_LENGTH = 256;
/** Shortest new password. */
export const MIN_PASSWORD_LENGTH = 10;

/** `POST /api/auth/sign-in`: email and password. */
export class SignInDto {
  @NonEmptyText(320, 'required', { example: 'ada@example.com' })
  email!: string;

  @NonEmptyText(MAX_PASSWORD_LENGTH, 'required')
  password!: string;
}

/** `POST /api/auth/links/use`: a sign-in or password-reset link's token, and the new password it sets. */
export class UseSignInLinkDto {
  @NonEmptyText(128, 'required')
  token!: string;

  @NonEmptyText(MAX_PASSWORD_LENGTH, 'omittable', { description: `A new password (at least ${MIN_PASSWORD_LENGTH} characters): required by a reset link, optional on a sign-in link.` })
  password?: string;
}

/** `POST /api/user/tokens`: a named personal access token, expiring after some days or never. */
export class CreateUserTokenDto {
  @NonEmptyText(100, 'required', { example: 'laptop CLI' })
  name!: string;

  @InOrder(
    IsInt({ message: MESSAGES.integer }),
    Min(1, { message: 'must be at least 1' }),
    Max(3650, { message: 'must be at most 3650' }),
    IsOmittable(),
    ApiPropertyOptional({ type: Number, description: 'Days until the token expires; left out, it never does.' }),
  )
  expiresInDays?: number;
}
