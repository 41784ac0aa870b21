import { ApiProperty, ApiSchema, PickType } from '@nestjs/swagger';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../events/workspace.events';
import type {
  AcceptInvitationResponse,
  CreateInvitationResponse,
  InvitationSummary,
  ListInvitationsResponse,
  ListMembersResponse,
  MemberEmailsResponse,
  MemberResponse,
  MemberSummary,
  VerifiedDomain,
  VerifiedDomainsResponse,
} from '../member.types';
import { AccountWorkspaceSchema, SessionSchema } from './people.schema';
import { EPOCH_MS } from './schema-shapes';
import { UserSchema } from './user.schema';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.

const ROLE = { type: 'string', enum: WORKSPACE_ROLES } as const;

/** Schema of a member of the workspace. */
@ApiSchema({ name: 'Member' })
export class MemberSchema extends PickType(UserSchema, ['sId', 'email', 'username', 'firstName', 'lastName', 'fullName', 'image'] as const) implements MemberSummary {
  @ApiProperty(ROLE)
  role!: WorkspaceRole;

  @ApiProperty({ ...EPOCH_MS, description: 'When they became a member, in milliseconds since the epoch.' })
  joinedAt!: number;
}

/** Schema of `{ members }`. */
@ApiSchema({ name: 'ListMembersResponse' })
export class ListMembersResponseSchema implements ListMembersResponse {
  @ApiProperty({ type: () => MemberSchema, isArray: true, description: 'Oldest membership first.' })
  members!: MemberSchema[];
}

/** Schema of `{ member }`. */
@ApiSchema({ name: 'MemberResponse' })
export class MemberResponseSchema implements MemberResponse {
  @ApiProperty({ type: () => MemberSchema })
  member!: MemberSchema;
}

/** Schema of an open invitation. */
@ApiSchema({ name: 'Invitation' })
export class InvitationSchema implements InvitationSummary {
  @ApiProperty({ type: 'string', example: 'inv_3kq9Zb1Lm0Xy' })
  invitationId!: string;

  @ApiProperty({ type: 'string', example: 'grace@example.com' })
  email!: string;

  @ApiProperty(ROLE)
  role!: WorkspaceRole;

  @ApiProperty({ type: 'string', nullable: true, description: 'User sId of the member who invited; null for a key not bound to a member.' })
  invitedBy!: string | null;

  @ApiProperty(EPOCH_MS)
  createdAt!: number;

  @ApiProperty(EPOCH_MS)
  expiresAt!: number;
}

/** Schema of `{ invitations }`. */
@ApiSchema({ name: 'ListInvitationsResponse' })
export class ListInvitationsResponseSchema implements ListInvitationsResponse {
  @ApiProperty({ type: () => InvitationSchema, isArray: true, description: 'Open and unexpired, newest first.' })
  invitations!: InvitationSchema[];
}

/** Schema of an invitation just created, with its link. */
@ApiSchema({ name: 'CreateInvitationResponse' })
export class CreateInvitationResponseSchema implements CreateInvitationResponse {
  @ApiProperty({ type: () => InvitationSchema })
  invitation!: InvitationSchema;

  @ApiProperty({
    type: 'string',
    example: 'https://conversations.example.com/invitations#token=…',
    description: 'The link to hand to the person: shown in this answer only (its token is recorded as a hash).',
  })
  url!: string;
}

/** Schema of an accepted invitation. */
@ApiSchema({ name: 'AcceptInvitationResponse' })
export class AcceptInvitationResponseSchema implements AcceptInvitationResponse {
  @ApiProperty({ type: () => AccountWorkspaceSchema, description: 'The workspace joined, with the role the invitation gave.' })
  workspace!: AccountWorkspaceSchema;

  @ApiProperty({ type: () => SessionSchema, nullable: true, description: "A new account's session (its cookie is set too); null when a signed-in person accepted." })
  session!: SessionSchema | null;
}

/** Schema of `{ emails }`. */
@ApiSchema({ name: 'MemberEmailsResponse' })
export class MemberEmailsResponseSchema implements MemberEmailsResponse {
  @ApiProperty({ type: 'string', isArray: true, description: "The members' addresses, oldest membership first." })
  emails!: string[];
}

/** Schema of a verified domain. */
@ApiSchema({ name: 'VerifiedDomain' })
export class VerifiedDomainSchema implements VerifiedDomain {
  @ApiProperty({ type: 'string', example: 'example.com' })
  domain!: string;

  @ApiProperty({ type: 'boolean', description: 'Always true here: a verified address of the domain joins as a user on single sign-on.' })
  domainAutoJoinEnabled!: boolean;
}

/** Schema of `{ verified_domains }`. */
@ApiSchema({ name: 'VerifiedDomainsResponse' })
export class VerifiedDomainsResponseSchema implements VerifiedDomainsResponse {
  @ApiProperty({ type: () => VerifiedDomainSchema, isArray: true })
  verified_domains!: VerifiedDomainSchema[];
}
