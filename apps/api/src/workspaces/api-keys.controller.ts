import { CreateApiKeyDto } from '@app/contracts/http/api-key.dto';
import type { CreateApiKeyResponse, ListApiKeysResponse } from '@app/contracts/http/api-key.types';
import { CreateApiKeyResponseSchema, ListApiKeysResponseSchema } from '@app/contracts/http/openapi/api-key.schema';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../auth/auth-context';
import { AdminOnly } from '../common/http/route-access';
import { ApiNoContent, ApiSuccess } from '../common/openapi/api-operation.decorators';
import { CreateWorkspaceApiKeyCommand, RevokeWorkspaceApiKeyCommand } from './commands/api-key-admin.commands';
import { ListApiKeysQuery } from './queries/list-api-keys.query';

/** The workspace's API keys, for its admins (the web app's Administration): list, create, revoke. */
@Controller()
export class ApiKeysController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('api/w/:wId/keys')
  @AdminOnly()
  @ApiSuccess('List the live API keys (admins; never their secrets)', ListApiKeysResponseSchema)
  async list(@Auth() auth: AuthContext): Promise<ListApiKeysResponse> {
    return { keys: await this.queryBus.execute(new ListApiKeysQuery(auth.workspace.sId)) };
  }

  @Post('api/w/:wId/keys')
  @HttpCode(200)
  @AdminOnly()
  @ApiSuccess('Create an API key of a role (admins): the answer holds the secret, shown once', CreateApiKeyResponseSchema)
  create(@Auth() auth: AuthContext, @Body() body: CreateApiKeyDto): Promise<CreateApiKeyResponse> {
    return this.commandBus.execute(new CreateWorkspaceApiKeyCommand(auth, body.role));
  }

  @Delete('api/w/:wId/keys/:keyId')
  @HttpCode(204)
  @AdminOnly()
  @ApiNoContent('Revoke an API key (admins): refused (401) from the moment this answers')
  async revoke(@Auth() auth: AuthContext, @Param('keyId') keyId: string): Promise<void> {
    await this.commandBus.execute(new RevokeWorkspaceApiKeyCommand(auth, keyId));
  }
}
