import type { CreateUserTokenResponse } from '@app/contracts/http/auth.types';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PersonContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { UserTokens } from '../user-tokens';

const DAY_MS = 86_400_000;

/** Creates a personal access token for the caller; answered once it authenticates. */
export class CreateUserTokenCommand extends Command<CreateUserTokenResponse> {
  constructor(
    readonly person: PersonContext,
    readonly name: string,
    readonly expiresInDays: number | null,
  ) {
    super();
  }
}

@CommandHandler(CreateUserTokenCommand)
export class CreateUserTokenHandler implements ICommandHandler<CreateUserTokenCommand> {
  constructor(
    private readonly tokens: UserTokens,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ person, name, expiresInDays }: CreateUserTokenCommand): Promise<CreateUserTokenResponse> {
    // A token cannot mint tokens: whoever holds one leaked token must not be able to outlive its revocation.
    if (person.via === 'token') throw new ApiError('workspace_auth_error', 'Personal access tokens are created from a signed-in session or with the CLI.', 403);
    const expiresAt = expiresInDays === null ? null : Date.now() + expiresInDays * DAY_MS;
    const created = await this.tokens.create(person.userId, name.trim(), expiresAt, person.userId);
    if (created.position !== null) await this.readModels.waitFor(created.position);
    return { token: created.token, tokenId: created.tokenId, name: created.name, expiresAt: created.expiresAt };
  }
}

/** Revokes one of the caller's tokens; answered once no api process accepts it. */
export class RevokeUserTokenCommand extends Command<void> {
  constructor(
    readonly person: PersonContext,
    readonly tokenId: string,
  ) {
    super();
  }
}

@CommandHandler(RevokeUserTokenCommand)
export class RevokeUserTokenHandler implements ICommandHandler<RevokeUserTokenCommand> {
  constructor(
    private readonly tokens: UserTokens,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ person, tokenId }: RevokeUserTokenCommand): Promise<void> {
    const position = await this.tokens.revoke(person.userId, tokenId, person.userId);
    if (position === null) throw new ApiError('not_found', 'No live token of yours has that id.');
    await this.readModels.waitFor(position);
  }
}
