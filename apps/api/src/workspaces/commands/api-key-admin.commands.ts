import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { CreateApiKeyResponse } from '@app/contracts/http/api-key.types';
import { Command, CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ListApiKeysQuery } from '../queries/list-api-keys.query';
import { CreateApiKeyCommand } from './create-api-key.command';
import { RevokeApiKeyCommand } from './revoke-api-key.command';

// An admin's keys over HTTP: the CLI's commands, then the wait for the read models, so that a new
// key authenticates and a revoked one is refused from the moment the answer arrives.

/** `POST /api/w/{wId}/keys`: a key of a role, bound to no member; answers it with its secret, once. */
export class CreateWorkspaceApiKeyCommand extends Command<CreateApiKeyResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly role: WorkspaceRole,
  ) {
    super();
  }
}

@CommandHandler(CreateWorkspaceApiKeyCommand)
export class CreateWorkspaceApiKeyHandler implements ICommandHandler<CreateWorkspaceApiKeyCommand> {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, role }: CreateWorkspaceApiKeyCommand): Promise<CreateApiKeyResponse> {
    const workspaceId = auth.workspace.sId;
    const created = await this.commandBus.execute(new CreateApiKeyCommand(workspaceId, role, null));
    await this.readModels.waitFor(created.position);
    const keys = await this.queryBus.execute(new ListApiKeysQuery(workspaceId));
    const key = keys.find((candidate) => candidate.keyId === created.keyId);
    if (!key) throw new Error('a key just created is missing from its read model');
    return { key, secret: created.apiKey };
  }
}

/** `DELETE /api/w/{wId}/keys/{keyId}`: answered once the read models forget the key, so the guard refuses it on every api process. */
export class RevokeWorkspaceApiKeyCommand extends Command<void> {
  constructor(
    readonly auth: AuthContext,
    readonly keyId: string,
  ) {
    super();
  }
}

@CommandHandler(RevokeWorkspaceApiKeyCommand)
export class RevokeWorkspaceApiKeyHandler implements ICommandHandler<RevokeWorkspaceApiKeyCommand> {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, keyId }: RevokeWorkspaceApiKeyCommand): Promise<void> {
    const outcome = await this.commandBus.execute(new RevokeApiKeyCommand(auth.workspace.sId, keyId, auth));
    if (!outcome.revoked || outcome.position === null) throw new ApiError('api_key_not_found', 'No live key of this workspace has that id.');
    await this.readModels.waitFor(outcome.position);
  }
}
