import type { Region } from '@app/contracts/events/workspace.events';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WorkspaceAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { newPrefixedId, newSId } from '../../common/ids';
import { CreateApiKeyCommand, CreateApiKeyHandler } from './create-api-key.command';

/** A new workspace and the secret of its first admin key (shown once). */
export interface CreatedWorkspace {
  readonly workspaceId: string;
  readonly apiKey: string;
  readonly position: number;
}

/** Creates a workspace with its global and conversations spaces, and an admin key. */
export class CreateWorkspaceCommand extends Command<CreatedWorkspace> {
  constructor(
    readonly name: string,
    readonly region: Region,
  ) {
    super();
  }
}

@CommandHandler(CreateWorkspaceCommand)
export class CreateWorkspaceHandler implements ICommandHandler<CreateWorkspaceCommand> {
  constructor(
    private readonly workspaces: WorkspaceAggregateWriter,
    private readonly apiKeys: CreateApiKeyHandler,
  ) {}

  async execute({ name, region }: CreateWorkspaceCommand): Promise<CreatedWorkspace> {
    const workspaceId = newSId();
    await this.workspaces.run(
      workspaceId,
      { type: 'CreateWorkspace', workspaceId, name, region, globalSpaceId: newPrefixedId('vlt'), conversationsSpaceId: newPrefixedId('vlt') },
      'system',
    );
    const { apiKey, position } = await this.apiKeys.execute(new CreateApiKeyCommand(workspaceId, 'admin', null));
    return { workspaceId, apiKey, position };
  }
}
