import type { AcceptInvitationDto } from '@app/contracts/http/member.dto';
import type { AcceptInvitationResponse } from '@app/contracts/http/member.types';
import type { InvitationDocument } from '@app/contracts/read-models/user.read-models';
import type { UserDocument } from '@app/contracts/read-models/workspace.read-models';
import { MEMBERSHIP_ERROR_MESSAGES } from '@app/domain/workspace/workspace.decide-members';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PersonContext } from '../../../auth/auth-context';
import { secretHashOf } from '../../../auth/credentials/credential-secrets';
import { hashPassword } from '../../../auth/credentials/password-hasher';
import { ApiError } from '../../../common/http/api-error';
import { ReadModels } from '../../../event-sourcing/reading/read-models';
import { WorkspaceAggregateWriter } from '../../../event-sourcing/writing/aggregate-writers';
import { AccountViews } from '../../account-views';
import { Accounts } from '../../accounts';
import { memberIdentityOf } from '../../commands/member.commands';
import { signedIn } from '../../commands/sign-in.command';
import { Sessions } from '../../sessions';

const ADDRESS_TAKEN = 'This address already has an account: sign in with it, then accept the invitation.';

/** The account an invitation creates: the invited address, these names, this password. */
export interface NewInvitedAccount {
  readonly firstName: string;
  readonly lastName: string | null;
  readonly password: string;
}

/** Who accepts: a new account, or the signed-in caller (their address must be the invited one). */
export type InvitationAcceptor = { readonly kind: 'new_account'; readonly account: NewInvitedAccount } | { readonly kind: 'person'; readonly person: PersonContext };

/** An accepted invitation, and for a new account the secret its session cookie carries. */
export interface AcceptedInvitation {
  readonly response: AcceptInvitationResponse;
  readonly sessionSecret: string | null;
}

/** Who accepts, from the body and the caller: names and a password make a new account, the token alone needs someone signed in. */
export function invitationAcceptorOf(body: AcceptInvitationDto, person: PersonContext | null): InvitationAcceptor {
  const firstName = body.firstName?.trim();
  if (body.password !== undefined) {
    if (!firstName) throw new ApiError('invalid_request_error', 'Invalid request body: firstName is required for a new account.');
    return { kind: 'new_account', account: { firstName, lastName: body.lastName?.trim() || null, password: body.password } };
  }
  if (body.firstName !== undefined || (body.lastName ?? null) !== null) {
    throw new ApiError('invalid_request_error', 'Invalid request body: password is required for a new account.');
  }
  if (!person) throw new ApiError('not_authenticated', 'Sign in to accept this invitation with your account, or send names and a password to create one.');
  return { kind: 'person', person };
}

export class AcceptInvitationCommand extends Command<AcceptedInvitation> {
  constructor(
    readonly token: string,
    readonly acceptor: InvitationAcceptor,
    readonly userAgent: string | null,
  ) {
    super();
  }
}

/**
 * Uses an invitation's link. A new account gets the invited address and a session; the address is
 * not counted as proved, since mail is not sent here and whoever holds the link (the inviting admin
 * too) may use it: a later sign-on that proves the address makes the account its prover's, ending
 * the password and sessions set before (see UserEmailVerified). A person already signed in joins with their own
 * account. An address that already belongs to someone (an account, or a member made for a key) is
 * never taken over this way: its owner signs in first. The invitation is used once: the decider
 * closes it in the same batch as the new membership.
 */
@CommandHandler(AcceptInvitationCommand)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitationCommand> {
  constructor(
    private readonly accounts: Accounts,
    private readonly workspaces: WorkspaceAggregateWriter,
    private readonly sessions: Sessions,
    private readonly views: AccountViews,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ token, acceptor, userAgent }: AcceptInvitationCommand): Promise<AcceptedInvitation> {
    const tokenHash = secretHashOf(token);
    const invitation = await this.openInvitation(tokenHash);
    const userId = acceptor.kind === 'new_account' ? await this.createAccount(invitation, acceptor.account) : this.signedInAcceptor(acceptor.person);
    const account = await this.accounts.get(userId);
    if (!account) throw new ApiError('user_not_found', 'The user was not found.');
    const joined = await this.workspaces.run(invitation.workspaceId, { type: 'AcceptInvitation', tokenHash, member: memberIdentityOf(account) }, userId);
    if (joined.position !== null) await this.readModels.waitFor(joined.position);
    const membership = (await this.views.memberships(userId, invitation.workspaceId))[0];
    if (!membership) throw new ApiError('workspace_not_found', 'The workspace was not found.');
    const { workspace, role } = membership;
    const joinedWorkspace = { id: workspace.id, sId: workspace.sId, name: workspace.name, role };
    if (acceptor.kind === 'person') return { response: { workspace: joinedWorkspace, session: null }, sessionSecret: null };
    const session = await signedIn(userId, this.sessions, this.views, this.readModels, { method: 'link', userAgent });
    return { response: { workspace: joinedWorkspace, session: session.response }, sessionSecret: session.secret };
  }

  private async openInvitation(tokenHash: string): Promise<InvitationDocument> {
    const invitation = await this.readModels.get<InvitationDocument>('invitations', tokenHash);
    if (!invitation) throw new ApiError('invitation_not_found', MEMBERSHIP_ERROR_MESSAGES.invitationNotFound);
    if (invitation.expiresAt <= Date.now()) throw new ApiError('invitation_not_found', MEMBERSHIP_ERROR_MESSAGES.invitationExpired);
    return invitation;
  }

  private signedInAcceptor(person: PersonContext): string {
    // A key belongs to one workspace: joining another is its member's to do, signed in.
    if (person.via === 'key') throw new ApiError('workspace_auth_error', 'Accept an invitation signed in, or with a personal access token, not with an API key.');
    return person.userId;
  }

  private async createAccount(invitation: InvitationDocument, account: NewInvitedAccount): Promise<string> {
    const [existing, legacyMember] = await Promise.all([
      this.accounts.findByEmail(invitation.email),
      this.readModels.find<UserDocument>('users', { where: { email: invitation.email }, limit: 1 }),
    ]);
    if (existing) throw new ApiError('invalid_request_error', ADDRESS_TAKEN);
    if (legacyMember.length > 0) {
      throw new ApiError('invalid_request_error', 'This address is a member made for an API key, without an account: ask the operator to create its account, then sign in and accept the invitation.');
    }
    const passwordHash = await hashPassword(account.password);
    const created = await this.accounts.create(
      { email: invitation.email, firstName: account.firstName, lastName: account.lastName, image: null, provider: 'email', emailVerified: false, passwordHash },
      `invitation:${invitation.invitationId}`,
    );
    // Lost a race with another sign-up of the same address: the other one owns it.
    if (!created.created) throw new ApiError('invalid_request_error', ADDRESS_TAKEN);
    if (created.position !== null) await this.readModels.waitFor(created.position);
    return created.userId;
  }
}
