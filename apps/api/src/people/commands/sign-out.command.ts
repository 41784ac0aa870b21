import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PersonContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { Sessions } from '../sessions';

/** Ends the caller's session (`everywhere`: every session of theirs), or one of their sessions by id. */
export class SignOutCommand extends Command<void> {
  constructor(
    readonly person: PersonContext,
    readonly scope: { readonly kind: 'current' } | { readonly kind: 'everywhere' } | { readonly kind: 'session'; readonly sessionId: string },
  ) {
    super();
  }
}

@CommandHandler(SignOutCommand)
export class SignOutHandler implements ICommandHandler<SignOutCommand> {
  constructor(
    private readonly sessions: Sessions,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ person, scope }: SignOutCommand): Promise<void> {
    let position: number | null;
    switch (scope.kind) {
      case 'current':
        if (person.via !== 'session') throw new ApiError('invalid_request_error', 'Only a signed-in browser has a session to end: revoke a token instead.');
        position = await this.sessions.end(person.userId, person.credentialId, 'signed_out');
        break;
      case 'everywhere':
        position = await this.sessions.end(person.userId, null, 'signed_out_everywhere');
        break;
      case 'session':
        position = await this.sessions.end(person.userId, scope.sessionId, 'revoked');
        break;
    }
    // Answered once every api process refuses the session (they all read the same read model).
    if (position !== null) await this.readModels.waitFor(position);
  }
}
