import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { AccountDocument } from '@app/contracts/read-models/user.read-models';
import { MEMBERSHIP_ERROR_MESSAGES } from '@app/domain/workspace/workspace.decide-members';
import type { MemberIdentity } from '@app/domain/workspace/workspace.commands';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ApiError } from '../../common/http/api-error';
import type { CommandActor } from '../../event-sourcing/writing/aggregate-writer';
import { WorkspaceAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { Accounts, normalizeEmail } from '../accounts';

// Membership changes, shared by the admin routes and the CLI. Each answers the log position of what
// it wrote and leaves the wait to its caller: a request waits for the read models, the CLI only for
// a projector that is running.

/** A change of membership: whose, whether anything changed, and where it sits in the log (null when nothing did). */
export interface MembershipChange {
  readonly userId: string;
  readonly changed: boolean;
  readonly position: number | null;
}

/** A member named by their user sId (the admin routes) or by their address (the CLI). */
export type MemberRef = { readonly userId: string } | { readonly email: string };

/** How an account shows on the messages it posts in a workspace. */
export function memberIdentityOf(account: Pick<AccountDocument, 'sId' | 'email' | 'fullName'>): MemberIdentity {
  return { userId: account.sId, email: account.email, username: account.email.split('@')[0] ?? account.email, fullName: account.fullName };
}

/** Adds an existing account to a workspace with a role (nothing changes when they are a member already). */
export class AddMemberCommand extends Command<MembershipChange> {
  constructor(
    readonly workspaceId: string,
    readonly email: string,
    readonly role: WorkspaceRole,
    readonly by: CommandActor,
  ) {
    super();
  }
}

@CommandHandler(AddMemberCommand)
export class AddMemberHandler implements ICommandHandler<AddMemberCommand> {
  constructor(
    private readonly accounts: Accounts,
    private readonly workspaces: WorkspaceAggregateWriter,
  ) {}

  async execute({ workspaceId, email, role, by }: AddMemberCommand): Promise<MembershipChange> {
    const account = await this.accounts.findByEmail(email);
    if (!account) throw new ApiError('invalid_request_error', 'No account has this email address: create the account first, or invite the person.');
    const outcome = await this.workspaces.run(workspaceId, { type: 'AddMember', member: memberIdentityOf(account), role }, by);
    return { userId: account.sId, changed: outcome.events.length > 0, position: outcome.position };
  }
}

/** Gives a member another role; the decider refuses to demote the last admin. */
export class ChangeMemberRoleCommand extends Command<MembershipChange> {
  constructor(
    readonly workspaceId: string,
    readonly member: MemberRef,
    readonly role: WorkspaceRole,
    readonly by: CommandActor,
  ) {
    super();
  }
}

@CommandHandler(ChangeMemberRoleCommand)
export class ChangeMemberRoleHandler implements ICommandHandler<ChangeMemberRoleCommand> {
  constructor(private readonly workspaces: WorkspaceAggregateWriter) {}

  async execute({ workspaceId, member, role, by }: ChangeMemberRoleCommand): Promise<MembershipChange> {
    const userId = await memberIdOf(this.workspaces, workspaceId, member);
    const outcome = await this.workspaces.run(workspaceId, { type: 'ChangeMemberRole', userId, role }, by);
    return { userId, changed: outcome.events.length > 0, position: outcome.position };
  }
}

/**
 * Ends a membership; the decider refuses to remove the last admin. The member's sessions and tokens
 * are refused in this workspace as soon as the read models drop the membership (the guard reads it
 * on every request).
 */
export class RemoveMemberCommand extends Command<MembershipChange> {
  constructor(
    readonly workspaceId: string,
    readonly member: MemberRef,
    readonly by: CommandActor,
  ) {
    super();
  }
}

@CommandHandler(RemoveMemberCommand)
export class RemoveMemberHandler implements ICommandHandler<RemoveMemberCommand> {
  constructor(private readonly workspaces: WorkspaceAggregateWriter) {}

  async execute({ workspaceId, member, by }: RemoveMemberCommand): Promise<MembershipChange> {
    const userId = await memberIdOf(this.workspaces, workspaceId, member);
    const outcome = await this.workspaces.run(workspaceId, { type: 'RemoveMember', userId }, by);
    return { userId, changed: outcome.events.length > 0, position: outcome.position };
  }
}

/** The member's user id; an address is looked up among the workspace's members as its log holds them. */
async function memberIdOf(workspaces: WorkspaceAggregateWriter, workspaceId: string, member: MemberRef): Promise<string> {
  if ('userId' in member) return member.userId;
  const state = await workspaces.read(workspaceId);
  if (state.status === 'absent') throw new ApiError('workspace_not_found', 'The workspace was not found.');
  const userId = state.membersByEmail.get(normalizeEmail(member.email));
  if (userId === undefined) throw new ApiError('workspace_user_not_found', MEMBERSHIP_ERROR_MESSAGES.notMember);
  return userId;
}
