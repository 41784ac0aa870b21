import { AcceptInvitationDto, CreateInvitationDto } from '@app/contracts/http/member.dto';
import type { AcceptInvitationResponse, CreateInvitationResponse, ListInvitationsResponse } from '@app/contracts/http/member.types';
import { AcceptInvitationResponseSchema, CreateInvitationResponseSchema, ListInvitationsResponseSchema } from '@app/contracts/http/openapi/member.schema';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { Auth, PersonOrNull, type AuthContext, type PersonContext } from '../../auth/auth-context';
import { setSessionCookie } from '../../auth/session-cookie';
import { AdminOnly, PersonRouteOrAnonymous } from '../../common/http/route-access';
import { ApiNoContent, ApiSuccess } from '../../common/openapi/api-operation.decorators';
import { userAgentOf } from '../auth.controller';
import { AcceptInvitationCommand, invitationAcceptorOf } from './commands/accept-invitation.command';
import { CreateInvitationCommand, RevokeInvitationCommand } from './commands/invitation.commands';
import { ListInvitationsQuery } from './queries/member.queries';

/** Invitations to a workspace by email: admins create, list and withdraw them; the invited person accepts one. */
@Controller()
export class InvitationsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('api/w/:wId/invitations')
  @HttpCode(200)
  @AdminOnly()
  @ApiSuccess('Invite an address with a role (admins): the answer holds the link, shown once', CreateInvitationResponseSchema)
  create(@Auth() auth: AuthContext, @Body() body: CreateInvitationDto): Promise<CreateInvitationResponse> {
    return this.commandBus.execute(new CreateInvitationCommand(auth, body.email, body.role));
  }

  @Get('api/w/:wId/invitations')
  @AdminOnly()
  @ApiSuccess('List the open invitations (admins; never their links)', ListInvitationsResponseSchema)
  list(@Auth() auth: AuthContext): Promise<ListInvitationsResponse> {
    return this.queryBus.execute(new ListInvitationsQuery(auth.workspace.sId));
  }

  @Delete('api/w/:wId/invitations/:invitationId')
  @HttpCode(204)
  @AdminOnly()
  @ApiNoContent('Withdraw an open invitation (admins): its link stops working')
  async revoke(@Auth() auth: AuthContext, @Param('invitationId') invitationId: string): Promise<void> {
    await this.commandBus.execute(new RevokeInvitationCommand(auth, invitationId));
  }

  @Post('api/auth/invitations/accept')
  @HttpCode(200)
  @PersonRouteOrAnonymous()
  @ApiSuccess(
    "Accept an invitation: with names and a password, as a new account (sets the session cookie); with the token alone, as the signed-in caller (their address must be the invited one)",
    AcceptInvitationResponseSchema,
  )
  async accept(
    @PersonOrNull() person: PersonContext | null,
    @Body() body: AcceptInvitationDto,
    @Req() request: ExpressRequest,
    @Res({ passthrough: true }) response: ExpressResponse,
  ): Promise<AcceptInvitationResponse> {
    const accepted = await this.commandBus.execute(new AcceptInvitationCommand(body.token, invitationAcceptorOf(body, person), userAgentOf(request)));
    if (accepted.sessionSecret !== null && accepted.response.session) setSessionCookie(request, response, accepted.sessionSecret, accepted.response.session.expiresAt);
    return accepted.response;
  }
}
