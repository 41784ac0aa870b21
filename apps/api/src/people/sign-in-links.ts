import type { SignInLinkPurpose } from '@app/contracts/events/user.events';
import { Inject, Injectable } from '@nestjs/common';
import { secretHashOf } from '../auth/credentials/credential-secrets';
import { newOpaqueSecret, newPrefixedId } from '../common/ids';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { UserAggregateWriter } from '../event-sourcing/writing/aggregate-writers';

/** A link just issued: shown once (printed by the CLI, or to the admin who asked), never stored in clear. */
export interface IssuedSignInLink {
  readonly url: string;
  readonly token: string;
  readonly expiresAt: number;
  readonly position: number | null;
}

/**
 * Single-use links that sign a person in (the first admin, a new account) or let them set a new
 * password. The token rides in the URL's fragment, which browsers never send to a server nor put
 * in a Referer: the page posts it to `POST /api/auth/links/use`.
 */
@Injectable()
export class SignInLinks {
  constructor(
    private readonly users: UserAggregateWriter,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async issue(userId: string, purpose: SignInLinkPurpose, by: string): Promise<IssuedSignInLink> {
    const token = newOpaqueSecret();
    const expiresAt = Date.now() + this.config.people.signInLinkTtlMs;
    const outcome = await this.users.run(userId, { type: 'IssueSignInLink', linkId: newPrefixedId('lnk'), tokenHash: secretHashOf(token), purpose, expiresAt }, by);
    const page = purpose === 'password_reset' ? 'reset-password' : 'sign-in';
    return { url: `${this.config.publicUrl}/${page}#token=${token}`, token, expiresAt, position: outcome.position };
  }
}
