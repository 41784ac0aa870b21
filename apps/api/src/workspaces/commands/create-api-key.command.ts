import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WorkspaceAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { apiKeySecretPrefix, hashApiKeySecret, newApiKeySecret, newPrefixedId, newSId } from '../../common/ids';

/** A new key, whose secret is shown here once and never stored (only its hash is). */
export interface CreatedApiKey {
  readonly apiKey: string;
  readonly keyId: string;
  readonly position: number;
}

/** Creates an API key of a role, optionally bound to a member (who joins the workspace if new). */
export class CreateApiKeyCommand extends Command<CreatedApiKey> {
  constructor(
    readonly workspaceId: string,
    readonly role: WorkspaceRole,
    readonly email: string | null,
  ) {
    super();
  }
}

@CommandHandler(CreateApiKeyCommand)
export class CreateApiKeyHandler implements ICommandHandler<CreateApiKeyCommand> {
  constructor(private readonly workspaces: WorkspaceAggregateWriter) {}

  async execute({ workspaceId, role, email }: CreateApiKeyCommand): Promise<CreatedApiKey> {
    const apiKey = newApiKeySecret();
    const keyId = newPrefixedId('key');
    const outcome = await this.workspaces.run(
      workspaceId,
      {
        type: 'CreateApiKey',
        keyId,
        secretHash: hashApiKeySecret(apiKey),
        secretPrefix: apiKeySecretPrefix(apiKey),
        role,
        user: email ? { email, newUserId: newSId() } : null,
      },
      'system',
    );
    return { apiKey, keyId, position: outcome.position ?? 0 };
  }
}
