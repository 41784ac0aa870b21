import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { CreateInvitationResponse } from '@app/contracts/http/member.types';
import type { InvitationDocument } from '@app/contracts/read-models/user.read-models';
import { MEMBERSHIP_ERROR_MESSAGES } from '@app/domain/workspace/workspace.decide-members';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../../auth/auth-context';
import { secretHashOf } from '../../../auth/credentials/credential-secrets';
import { ApiError } from '../../../common/http/api-error';
import { newOpaqueSecret, newPrefixedId } from '../../../common/ids';
import { API_CONFIG, type ApiConfig } from '../../../config/api-config';
import { ReadModels } from '../../../event-sourcing/reading/read-models';
import { WorkspaceAggregateWriter } from '../../../event-sourcing/writing/aggregate-writers';
import { normalizeEmail } from '../../accounts';
import { renderInvitation } from '../member-views';

/**
 * Invites an address to the workspace with a role. The answer holds the link, once: its token
 * (256 random bits) rides in the URL's fragment, which browsers never send to a server, and only
 * its SHA-256 is recorded. Mail is not sent: the admin hands the link over.
 */
export class CreateInvitationCommand extends Command<CreateInvitationResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly email: string,
    readonly role: WorkspaceRole,
  ) {
    super();
  }
}

@CommandHandler(CreateInvitationCommand)
export class CreateInvitationHandler implements ICommandHandler<CreateInvitationCommand> {
  constructor(
    private readonly workspaces: WorkspaceAggregateWriter,
    private readonly readModels: ReadModels,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async execute({ auth, email, role }: CreateInvitationCommand): Promise<CreateInvitationResponse> {
    const token = newOpaqueSecret();
    const tokenHash = secretHashOf(token);
    const now = Date.now();
    const expiresAt = now + this.config.people.invitationTtlMs;
    const outcome = await this.workspaces.run(
      auth.workspace.sId,
      { type: 'InviteMember', invitationId: newPrefixedId('inv'), email: normalizeEmail(email), role, tokenHash, expiresAt, invitedBy: auth.user?.sId ?? null, now },
      auth,
    );
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    const invitation = await this.readModels.get<InvitationDocument>('invitations', tokenHash);
    if (!invitation) throw new Error('an invitation just created is missing from its read model');
    return { invitation: renderInvitation(invitation), url: `${this.config.publicUrl}/invitations#token=${token}` };
  }
}

/** Withdraws an open invitation: its link no longer works. */
export class RevokeInvitationCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly invitationId: string,
  ) {
    super();
  }
}

@CommandHandler(RevokeInvitationCommand)
export class RevokeInvitationHandler implements ICommandHandler<RevokeInvitationCommand> {
  constructor(
    private readonly workspaces: WorkspaceAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, invitationId }: RevokeInvitationCommand): Promise<void> {
    const outcome = await this.workspaces.run(auth.workspace.sId, { type: 'RevokeInvitation', invitationId }, auth);
    if (outcome.position === null) throw new ApiError('invitation_not_found', MEMBERSHIP_ERROR_MESSAGES.invitationNotFound);
    await this.readModels.waitFor(outcome.position);
  }
}
