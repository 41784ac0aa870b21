import type { SessionResponse } from '@app/contracts/http/auth.types';
import type { CredentialDocument } from '@app/contracts/read-models/user.read-models';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { csrfTokenOf } from '../../auth/credentials/credential-secrets';
import { verifyPassword } from '../../auth/credentials/password-hasher';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { RequestRateLimits } from '../../rate-limits/request-rate-limits';
import { Accounts, normalizeEmail } from '../accounts';
import { AccountViews } from '../account-views';
import { Sessions } from '../sessions';

/** A signed-in session: the answer, and the secret the cookie carries. */
export interface SignedIn {
  readonly response: SessionResponse;
  readonly secret: string;
}

/** One message for every failure, so an answer never tells whether the address has an account. */
export const SIGN_IN_FAILED = 'The email address or the password is not right.';

export class SignInWithPasswordCommand extends Command<SignedIn> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly address: string,
    readonly userAgent: string | null,
  ) {
    super();
  }
}

/**
 * Email and password. Whatever the address, the same work is done (an unknown address checks a
 * decoy hash) and the same answer given; a failure counts against the address's and the account's
 * budgets, and past either one every attempt is refused (429). A new session is started for the
 * account, never one the browser brought.
 */
@CommandHandler(SignInWithPasswordCommand)
export class SignInWithPasswordHandler implements ICommandHandler<SignInWithPasswordCommand> {
  constructor(
    private readonly accounts: Accounts,
    private readonly sessions: Sessions,
    private readonly views: AccountViews,
    private readonly readModels: ReadModels,
    private readonly limits: RequestRateLimits,
  ) {}

  async execute({ email, password, address, userAgent }: SignInWithPasswordCommand): Promise<SignedIn> {
    const accountKey = normalizeEmail(email);
    await this.limits.checkSignIn(accountKey, address);
    const account = await this.accounts.findByEmail(email);
    const credential = account ? await this.readModels.get<CredentialDocument>('credentials', account.sId) : null;
    const matches = await verifyPassword(password, credential?.passwordHash ?? null);
    if (!account || !matches) {
      await this.limits.recordSignInFailure(accountKey, address);
      throw new ApiError('sign_in_failed', SIGN_IN_FAILED);
    }
    return signedIn(account.sId, this.sessions, this.views, this.readModels, { method: 'password', userAgent });
  }
}

/** Starts a session for `userId` and answers once the read models show it (the next request is authenticated). */
export async function signedIn(
  userId: string,
  sessions: Sessions,
  views: AccountViews,
  readModels: ReadModels,
  request: Parameters<Sessions['start']>[1],
): Promise<SignedIn> {
  const session = await sessions.start(userId, request);
  if (session.position !== null) await readModels.waitFor(session.position);
  return sessionAnswer(userId, session, views);
}

/** The answer of a sign-in whose session is recorded (and shown by the read models). */
export async function sessionAnswer(
  userId: string,
  session: { readonly secret: string; readonly sessionId: string; readonly expiresAt: number },
  views: AccountViews,
): Promise<SignedIn> {
  const [{ user }, workspaces] = await Promise.all([views.user(userId), views.workspaces(userId)]);
  return {
    secret: session.secret,
    response: { user, workspaces, csrfToken: csrfTokenOf(session.secret), sessionId: session.sessionId, expiresAt: session.expiresAt },
  };
}
