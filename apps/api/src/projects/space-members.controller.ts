import { CreateSpaceResponseSchema } from '@app/contracts/http/openapi/workspace.schema';
import { PatchSpaceMembersDto } from '@app/contracts/http/space.dto';
import type { CreateSpaceResponse } from '@app/contracts/http/workspace.types';
import { Body, Controller, Param, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { ApiSuccess } from '../common/openapi/api-operation.decorators';
import { SetSpaceMembersCommand } from './commands/set-space-members.command';

/** Who a regular space or a project holds: the private family, as in the real service. */
@Controller()
export class SpaceMembersController {
  constructor(private readonly commandBus: CommandBus) {}

  @Patch('api/w/:wId/spaces/:spaceId/members')
  @ApiSuccess('Set whether a regular space or a project is restricted, and its members (admins)', CreateSpaceResponseSchema)
  patch(@Auth() auth: AuthContext, @Param('spaceId') spaceId: string, @Body() body: PatchSpaceMembersDto): Promise<CreateSpaceResponse> {
    return this.commandBus.execute(new SetSpaceMembersCommand(auth, spaceId, body));
  }
}
