import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsIn, IsString } from 'class-validator';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../events/workspace.events';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './auth.dto';
import { NonEmptyText, NullableText } from './validation/field.decorator';
import { InOrder } from './validation/in-order.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { LengthAtLeast, LengthAtMost } from './validation/string.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

/** Longest email address (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 320;

/** A role of the workspace, required. */
function Role(): PropertyDecorator {
  return InOrder(
    IsIn(WORKSPACE_ROLES, { message: oneOf(WORKSPACE_ROLES) }),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({ enum: WORKSPACE_ROLES, enumName: 'WorkspaceRole', example: 'user' }),
  );
}

/** `PATCH /api/w/{wId}/members/{userId}`: the member's new role. */
export class ChangeMemberRoleDto {
  @Role()
  role!: WorkspaceRole;
}

/** `POST /api/w/{wId}/invitations`: who is invited, and the role they join with. */
export class CreateInvitationDto {
  @InOrder(
    IsString({ message: MESSAGES.string }),
    LengthAtMost(MAX_EMAIL_LENGTH),
    IsEmail({}, { message: 'must be an email address' }),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({ type: String, maxLength: MAX_EMAIL_LENGTH, example: 'grace@example.com' }),
  )
  email!: string;

  @Role()
  role!: WorkspaceRole;
}

/**
 * `POST /api/auth/invitations/accept`: the invitation's token, and for a new account its names and
 * password (left out, the signed-in caller accepts it for their own account).
 */
export class AcceptInvitationDto {
  @NonEmptyText(128, 'required')
  token!: string;

  @NonEmptyText(100, 'omittable', { example: 'Grace', description: 'For a new account: required with `password`.' })
  firstName?: string;

  @NullableText(100, { example: 'Hopper' })
  lastName?: string | null;

  @InOrder(
    IsString({ message: MESSAGES.string }),
    LengthAtLeast(MIN_PASSWORD_LENGTH),
    LengthAtMost(MAX_PASSWORD_LENGTH),
    IsOmittable(),
    ApiPropertyOptional({
      type: String,
      minLength: MIN_PASSWORD_LENGTH,
      maxLength: MAX_PASSWORD_LENGTH,
      description: 'The new account\'s password; left out, the invitation is accepted by the signed-in caller.',
    }),
  )
  password?: string;
}
