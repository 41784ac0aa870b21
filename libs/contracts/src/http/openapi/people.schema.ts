import { ApiProperty, ApiSchema, PickType } from '@nestjs/swagger';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../events/workspace.events';
import type {
  AccountWorkspace,
  CreateUserTokenResponse,
  ListSessionsResponse,
  ListUserTokensResponse,
  MeResponse,
  MeUser,
  SessionResponse,
  SessionSummary,
  UserTokenSummary,
} from '../auth.types';
import type { SignInProvidersResponse } from '../single-sign-on.types';
import { ConversationOwnerSchema } from './conversation.schema';
import { EPOCH_MS } from './schema-shapes';
import { UserSchema } from './user.schema';
import { WorkspaceSchema } from './workspace.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.


/** Schema of a workspace a person belongs to. */
@ApiSchema({ name: 'AccountWorkspace' })
export class AccountWorkspaceSchema extends PickType(ConversationOwnerSchema, ['id', 'sId', 'name'] as const) implements AccountWorkspace {
  @ApiProperty({ type: 'string', enum: WORKSPACE_ROLES, description: "The person's role there." })
  role!: WorkspaceRole;
}

/** Schema of a signed-in session as its page sees it. */
@ApiSchema({ name: 'Session' })
export class SessionSchema implements SessionResponse {
  @ApiProperty({ type: () => UserSchema })
  user!: UserSchema;

  @ApiProperty({ type: () => AccountWorkspaceSchema, isArray: true, description: 'Oldest membership first.' })
  workspaces!: AccountWorkspaceSchema[];

  @ApiProperty({ type: 'string', description: 'Sent back in `x-csrf-token` on every request that changes something.' })
  csrfToken!: string;

  @ApiProperty({ type: 'string', example: 'ses_3kq9Zb1Lm0Xy' })
  sessionId!: string;

  @ApiProperty(EPOCH_MS)
  expiresAt!: number;
}

/** Schema of a session as its owner lists it. */
@ApiSchema({ name: 'SessionSummary' })
export class SessionSummarySchema implements SessionSummary {
  @ApiProperty({ type: 'string', example: 'ses_3kq9Zb1Lm0Xy' })
  sessionId!: string;

  @ApiProperty({ type: 'string', enum: ['password', 'oidc', 'link'], description: 'How the session was signed in.' })
  method!: string;

  @ApiProperty(EPOCH_MS)
  createdAt!: number;

  @ApiProperty(EPOCH_MS)
  expiresAt!: number;

  @ApiProperty({ type: 'string', nullable: true, description: "The browser's User-Agent, as it sent it (at most 256 characters)." })
  userAgent!: string | null;

  @ApiProperty({ type: 'boolean', description: 'The session this request came with.' })
  current!: boolean;
}

/** Schema of `{ sessions }`. */
@ApiSchema({ name: 'ListSessionsResponse' })
export class ListSessionsResponseSchema implements ListSessionsResponse {
  @ApiProperty({ type: () => SessionSummarySchema, isArray: true, description: 'Live sessions, newest first.' })
  sessions!: SessionSummarySchema[];
}

/** Schema of a personal access token as its owner lists it. */
@ApiSchema({ name: 'UserTokenSummary' })
export class UserTokenSummarySchema implements UserTokenSummary {
  @ApiProperty({ type: 'string', example: 'tok_3kq9Zb1Lm0Xy' })
  tokenId!: string;

  @ApiProperty({ type: 'string', example: 'laptop CLI' })
  name!: string;

  @ApiProperty({ type: 'string', example: 'pat-1a2b3c', description: 'The first characters of the secret, to tell tokens apart.' })
  prefix!: string;

  @ApiProperty(EPOCH_MS)
  createdAt!: number;

  @ApiProperty({ ...EPOCH_MS, nullable: true, description: 'Milliseconds since the epoch; null: never.' })
  expiresAt!: number | null;
}

/** Schema of `{ tokens }`. */
@ApiSchema({ name: 'ListUserTokensResponse' })
export class ListUserTokensResponseSchema implements ListUserTokensResponse {
  @ApiProperty({ type: () => UserTokenSummarySchema, isArray: true })
  tokens!: UserTokenSummarySchema[];
}

/** Schema of a token just created. */
@ApiSchema({ name: 'CreateUserTokenResponse' })
export class CreateUserTokenResponseSchema implements CreateUserTokenResponse {
  @ApiProperty({ type: 'string', example: 'pat-…', description: 'The secret: shown in this answer only. Send it as `Authorization: Bearer pat-…`.' })
  token!: string;

  @ApiProperty({ type: 'string', example: 'tok_3kq9Zb1Lm0Xy' })
  tokenId!: string;

  @ApiProperty({ type: 'string' })
  name!: string;

  @ApiProperty({ ...EPOCH_MS, nullable: true, description: 'Milliseconds since the epoch; null: never.' })
  expiresAt!: number | null;
}

/** Schema of the user of `GET /api/v1/me`, with their workspaces. */
@ApiSchema({ name: 'MeUser' })
export class MeUserSchema extends UserSchema implements MeUser {
  @ApiProperty({ type: () => WorkspaceSchema, isArray: true, description: "Each with the person's role; a key bound to a member reaches its own workspace only." })
  workspaces!: WorkspaceSchema[];
}

/** Schema of `{ user }` (the official client's `me()`). */
@ApiSchema({ name: 'MeResponse' })
export class MeResponseSchema implements MeResponse {
  @ApiProperty({ type: () => MeUserSchema })
  user!: MeUserSchema;
}

/** Schema of the single sign-on a sign-in page offers. */
@ApiSchema({ name: 'OidcProvider' })
export class OidcProviderSchema {
  @ApiProperty({ type: 'string', example: 'Single sign-on', description: "The label of the sign-in page's button (OIDC_LABEL)." })
  label!: string;
}

/** Schema of the ways to sign in. */
@ApiSchema({ name: 'SignInProviders' })
export class SignInProvidersSchema implements SignInProvidersResponse {
  @ApiProperty({ type: 'boolean', enum: [true], description: 'Email and password: always offered.' })
  password!: true;

  @ApiProperty({ type: () => OidcProviderSchema, nullable: true, description: 'Single sign-on with the configured OpenID Connect provider; null when not configured.' })
  oidc!: OidcProviderSchema | null;
}
