import type { InvitationSummary, MemberSummary } from '@app/contracts/http/member.types';
import type { AccountDocument, InvitationDocument } from '@app/contracts/read-models/user.read-models';
import { memberKey, type UserDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { renderMemberAsUser } from '../account-views';

/** The members of a workspace as its admins see them: the membership, with names from the account. */
@Injectable()
export class MemberViews {
  constructor(private readonly readModels: ReadModels) {}

  /** Every member, oldest membership first. */
  async list(workspaceId: string): Promise<MemberSummary[]> {
    const members = await this.readModels.find<UserDocument>('users', { where: { workspaceId }, sort: [{ field: 'createdAt', direction: 'asc' }] });
    const accounts = await this.readModels.getMany<AccountDocument>('accounts', members.map((member) => member.sId));
    return members.map((member) => renderMember(member, accounts.get(member.sId) ?? null));
  }

  /** One member, or null when they are not (or no longer) a member. */
  async get(workspaceId: string, userId: string): Promise<MemberSummary | null> {
    const member = await this.readModels.get<UserDocument>('users', memberKey(workspaceId, userId));
    if (!member) return null;
    return renderMember(member, await this.readModels.get<AccountDocument>('accounts', userId));
  }

  /** The invitations nobody used, withdrew or let expire, newest first. */
  async invitations(workspaceId: string): Promise<InvitationSummary[]> {
    const open = await this.readModels.find<InvitationDocument>('invitations', { where: { workspaceId }, sort: [{ field: 'createdAt', direction: 'desc' }] });
    const now = Date.now();
    return open.filter((invitation) => invitation.expiresAt > now).map(renderInvitation);
  }
}

/** A member as the members list shows them; a member made for a key before accounts has names split from the full name. */
export function renderMember(member: UserDocument, account: AccountDocument | null): MemberSummary {
  const names = account ?? renderMemberAsUser(member);
  return {
    sId: member.sId,
    email: member.email,
    username: member.username,
    firstName: names.firstName,
    lastName: names.lastName,
    fullName: names.fullName,
    image: names.image,
    role: member.role,
    joinedAt: member.createdAt,
  };
}

export function renderInvitation({ invitationId, email, role, invitedBy, createdAt, expiresAt }: InvitationDocument): InvitationSummary {
  return { invitationId, email, role, invitedBy, createdAt, expiresAt };
}
