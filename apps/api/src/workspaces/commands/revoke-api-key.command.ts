import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandActor } from '../../event-sourcing/writing/aggregate-writer';
import { WorkspaceAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';

/** Whether a live key was revoked, and where its revocation sits in the log (null when nothing changed). */
export interface RevokedApiKey {
  readonly revoked: boolean;
  readonly position: number | null;
}

/**
 * Revokes a key of a workspace. The key read model forgets it when the projector applies the
 * event, and the api authenticates every request against that read model (no cache), so the key
 * is refused from then on by every api process. `by` is who revoked it: the signed-in admin over
 * HTTP, `system` from the CLI, which acts for no one.
 */
export class RevokeApiKeyCommand extends Command<RevokedApiKey> {
  constructor(
    readonly workspaceId: string,
    readonly keyId: string,
    readonly by: CommandActor = 'system',
  ) {
    super();
  }
}

@CommandHandler(RevokeApiKeyCommand)
export class RevokeApiKeyHandler implements ICommandHandler<RevokeApiKeyCommand> {
  constructor(private readonly workspaces: WorkspaceAggregateWriter) {}

  async execute({ workspaceId, keyId, by }: RevokeApiKeyCommand): Promise<RevokedApiKey> {
    const outcome = await this.workspaces.run(workspaceId, { type: 'RevokeApiKey', keyId }, by);
    return { revoked: outcome.events.length > 0, position: outcome.position };
  }
}
