import type { AccountUser, AccountWorkspace } from '@app/contracts/http/auth.types';
import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { AccountDocument } from '@app/contracts/read-models/user.read-models';
import type { UserDocument, WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';
import { ReadModels } from '../event-sourcing/reading/read-models';

/** A person and the workspaces they belong to, as the account routes and `GET /api/v1/me` show them. */
@Injectable()
export class AccountViews {
  constructor(private readonly readModels: ReadModels) {}

  /** The account; 401 `user_not_found` when it does not exist (a key bound to a member made before accounts). */
  async user(userId: string): Promise<{ readonly account: AccountDocument; readonly user: AccountUser }> {
    const account = await this.readModels.get<AccountDocument>('accounts', userId);
    if (!account) throw new ApiError('user_not_found', 'The user was not found.');
    return { account, user: renderAccountUser(account) };
  }

  /** The workspaces the person is a member of, with their role in each, oldest membership first. */
  async workspaces(userId: string): Promise<AccountWorkspace[]> {
    const memberships = await this.memberships(userId);
    return memberships.map(({ workspace, role }) => ({ id: workspace.id, sId: workspace.sId, name: workspace.name, role }));
  }

  /** The person's memberships with their workspace's document, oldest first (`onlyIn`: that workspace's only). */
  async memberships(userId: string, onlyIn?: string): Promise<Membership[]> {
    const where: Record<string, string> = onlyIn === undefined ? { sId: userId } : { sId: userId, workspaceId: onlyIn };
    const memberships = await this.readModels.find<UserDocument>('users', { where, sort: [{ field: 'createdAt', direction: 'asc' }] });
    const workspaces = await this.readModels.getMany<WorkspaceDocument>('workspaces', memberships.map((membership) => membership.workspaceId));
    return memberships.flatMap((member) => {
      const workspace = workspaces.get(member.workspaceId);
      return workspace ? [{ workspace, member, role: member.role }] : [];
    });
  }
}

/** A membership: the workspace, the member document, the role. */
export interface Membership {
  readonly workspace: WorkspaceDocument;
  readonly member: UserDocument;
  readonly role: WorkspaceRole;
}

export function renderAccountUser(account: AccountDocument): AccountUser {
  return {
    sId: account.sId,
    id: account.id,
    createdAt: account.createdAt,
    provider: account.provider,
    username: account.email.split('@')[0] ?? account.email,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    fullName: account.fullName,
    image: account.image,
  };
}

/** A member made for a key before accounts existed, shown as a user: their names split from the full name. */
export function renderMemberAsUser(member: UserDocument): AccountUser {
  const [firstName, ...rest] = member.fullName.split(' ');
  return {
    sId: member.sId,
    id: member.id,
    createdAt: member.createdAt,
    provider: null,
    username: member.username,
    email: member.email,
    firstName: firstName || member.fullName,
    lastName: rest.length > 0 ? rest.join(' ') : null,
    fullName: member.fullName,
    image: null,
  };
}
