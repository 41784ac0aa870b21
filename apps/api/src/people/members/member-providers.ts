import { AcceptInvitationHandler } from './commands/accept-invitation.command';
import { CreateInvitationHandler, RevokeInvitationHandler } from './commands/invitation.commands';
import { DeleteMemberHandler, UpdateMemberHandler } from './commands/member-admin.commands';
import { InvitationsController } from './invitations.controller';
import { MemberViews } from './member-views';
import { MembersController } from './members.controller';
import { ListInvitationsHandler, ListMemberEmailsHandler, ListWorkspaceMembersHandler, ListVerifiedDomainsHandler } from './queries/member.queries';

// Members and invitations over HTTP, registered by PeopleModule.

export const MEMBER_CONTROLLERS = [MembersController, InvitationsController];

export const MEMBER_PROVIDERS = [
  MemberViews,
  UpdateMemberHandler,
  DeleteMemberHandler,
  CreateInvitationHandler,
  RevokeInvitationHandler,
  AcceptInvitationHandler,
  ListWorkspaceMembersHandler,
  ListInvitationsHandler,
  ListMemberEmailsHandler,
  ListVerifiedDomainsHandler,
];
