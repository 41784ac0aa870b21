import { CreateUserTokenDto } from '@app/contracts/http/auth.dto';
import type { CreateUserTokenResponse, ListUserTokensResponse } from '@app/contracts/http/auth.types';
import { CreateUserTokenResponseSchema, ListUserTokensResponseSchema } from '@app/contracts/http/openapi/people.schema';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Person, type PersonContext } from '../auth/auth-context';
import { PersonAccountRoute } from '../common/http/route-access';
import { ApiNoContent, ApiSuccess } from '../common/openapi/api-operation.decorators';
import { CreateUserTokenCommand, RevokeUserTokenCommand } from './commands/user-token.commands';
import { ListUserTokensQuery } from './queries/account.queries';

/** A person's personal access tokens (`Authorization: Bearer pat-…` on both API families). */
@Controller('api/user/tokens')
@PersonAccountRoute()
export class UserTokensController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @ApiSuccess("The caller's personal access tokens (never their secrets)", ListUserTokensResponseSchema)
  list(@Person() person: PersonContext): Promise<ListUserTokensResponse> {
    return this.queryBus.execute(new ListUserTokensQuery(person));
  }

  @Post()
  @HttpCode(200)
  @ApiSuccess('Create a personal access token: its secret is in this answer only', CreateUserTokenResponseSchema)
  create(@Person() person: PersonContext, @Body() body: CreateUserTokenDto): Promise<CreateUserTokenResponse> {
    return this.commandBus.execute(new CreateUserTokenCommand(person, body.name, body.expiresInDays ?? null));
  }

  @Delete(':tokenId')
  @HttpCode(204)
  @ApiNoContent("Revoke one of the caller's tokens, at once on every api process")
  async revoke(@Person() person: PersonContext, @Param('tokenId') tokenId: string): Promise<void> {
    await this.commandBus.execute(new RevokeUserTokenCommand(person, tokenId));
  }
}
