import { MIN_PASSWORD_LENGTH } from '@app/contracts/http/auth.dto';
import type { SignInLinkDocument } from '@app/contracts/read-models/user.read-models';
import { USER_ERROR_MESSAGES } from '@app/domain/user/user.decider';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { secretHashOf } from '../../auth/credentials/credential-secrets';
import { hashPassword } from '../../auth/credentials/password-hasher';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { UserAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { AccountViews } from '../account-views';
import { Sessions } from '../sessions';
import { sessionAnswer, signedIn, type SignedIn } from './sign-in.command';

/** Uses a sign-in or password-reset link; either way the person ends up signed in. */
export class UseSignInLinkCommand extends Command<SignedIn> {
  constructor(
    readonly token: string,
    readonly password: string | null,
    readonly userAgent: string | null,
  ) {
    super();
  }
}

@CommandHandler(UseSignInLinkCommand)
export class UseSignInLinkHandler implements ICommandHandler<UseSignInLinkCommand> {
  constructor(
    private readonly users: UserAggregateWriter,
    private readonly sessions: Sessions,
    private readonly views: AccountViews,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ token, password, userAgent }: UseSignInLinkCommand): Promise<SignedIn> {
    const tokenHash = secretHashOf(token);
    const link = await this.readModels.get<SignInLinkDocument>('signInLinks', tokenHash);
    if (!link || link.expiresAt <= Date.now()) throw new ApiError('invalid_request_error', USER_ERROR_MESSAGES.linkNotValid);
    if (link.purpose === 'password_reset' && password === null) throw new ApiError('invalid_request_error', 'Invalid request body: password is required to reset it.');
    if (password !== null && password.length < MIN_PASSWORD_LENGTH) {
      throw new ApiError('invalid_request_error', `Invalid request body: password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    }
    const passwordHash = password === null ? null : await hashPassword(password);
    if (link.purpose === 'password_reset') {
      // Every session ends with the old password; the person goes on in a new one.
      await this.users.run(link.userId, { type: 'UseSignInLink', tokenHash, session: null, passwordHash }, link.userId);
      return signedIn(link.userId, this.sessions, this.views, this.readModels, { method: 'link', userAgent });
    }
    const session = this.sessions.prepare();
    const { sessionId, secretHash, expiresAt } = session;
    const outcome = await this.users.run(link.userId, { type: 'UseSignInLink', tokenHash, session: { sessionId, secretHash, expiresAt, userAgent }, passwordHash }, link.userId);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    return sessionAnswer(link.userId, session, this.views);
  }
}
