import { ChangeMemberRoleDto } from '@app/contracts/http/member.dto';
import type { ListMembersResponse, MemberEmailsResponse, MemberResponse, VerifiedDomainsResponse } from '@app/contracts/http/member.types';
import { ListMembersResponseSchema, MemberEmailsResponseSchema, MemberResponseSchema, VerifiedDomainsResponseSchema } from '@app/contracts/http/openapi/member.schema';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { AdminOnly } from '../../common/http/route-access';
import { ApiNoContent, ApiSuccess } from '../../common/openapi/api-operation.decorators';
import { DeleteMemberCommand, UpdateMemberCommand } from './commands/member-admin.commands';
import { ListMemberEmailsQuery, ListWorkspaceMembersQuery, ListVerifiedDomainsQuery } from './queries/member.queries';

/** The members of a workspace: any member lists them, admins change roles and end memberships. */
@Controller()
export class MembersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('api/w/:wId/members')
  @ApiSuccess('List the members of the workspace with their roles', ListMembersResponseSchema)
  list(@Auth() auth: AuthContext): Promise<ListMembersResponse> {
    return this.queryBus.execute(new ListWorkspaceMembersQuery(auth.workspace.sId));
  }

  @Patch('api/w/:wId/members/:userId')
  @AdminOnly()
  @ApiSuccess("Change a member's role (admins; the last admin cannot be demoted)", MemberResponseSchema)
  update(@Auth() auth: AuthContext, @Param('userId') userId: string, @Body() body: ChangeMemberRoleDto): Promise<MemberResponse> {
    return this.commandBus.execute(new UpdateMemberCommand(auth, userId, body.role));
  }

  @Delete('api/w/:wId/members/:userId')
  @HttpCode(204)
  @AdminOnly()
  @ApiNoContent("End a membership (admins; the last admin cannot be removed): the person's sessions and tokens no longer reach the workspace")
  async remove(@Auth() auth: AuthContext, @Param('userId') userId: string): Promise<void> {
    await this.commandBus.execute(new DeleteMemberCommand(auth, userId));
  }

  @Get(['api/v1/w/:wId/members/emails', 'api/w/:wId/members/emails'])
  @ApiSuccess("List the members' email addresses (the official client's getActiveMemberEmailsInWorkspace)", MemberEmailsResponseSchema)
  emails(@Auth() auth: AuthContext): Promise<MemberEmailsResponse> {
    return this.queryBus.execute(new ListMemberEmailsQuery(auth.workspace.sId));
  }

  @Get(['api/v1/w/:wId/verified_domains', 'api/w/:wId/verified_domains'])
  @ApiSuccess("List the workspace's verified domains (the official client's getWorkspaceVerifiedDomains)", VerifiedDomainsResponseSchema)
  verifiedDomains(@Auth() auth: AuthContext): Promise<VerifiedDomainsResponse> {
    return this.queryBus.execute(new ListVerifiedDomainsQuery(auth.workspace));
  }
}
