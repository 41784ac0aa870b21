import type { RegisterUser } from '@app/domain/user/user.commands';
import type { AccountDocument } from '@app/contracts/read-models/user.read-models';
import type { UserDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import { emailHashOf } from '../auth/credentials/credential-secrets';
import { newSId } from '../common/ids';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { UserAggregateWriter, UserEmailAggregateWriter } from '../event-sourcing/writing/aggregate-writers';

/** What an account is created with (the registration's fields); the password arrives hashed. */
export type NewAccount = Omit<RegisterUser, 'type' | 'userId' | 'now'> & { readonly passwordHash: string | null };

/** An account, and the log position to wait for before reading it back. */
export interface AccountRef {
  readonly userId: string;
  readonly created: boolean;
  readonly position: number | null;
}

/**
 * People's accounts: one per email address. Creating one first claims the address (a stream of its
 * own, named by its hash: the first claim wins even when two sign-ups race), then registers the
 * account under the id the claim holds, so a creation that died halfway is finished by the next.
 */
@Injectable()
export class Accounts {
  constructor(
    private readonly users: UserAggregateWriter,
    private readonly emails: UserEmailAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async create(account: NewAccount, by: string): Promise<AccountRef> {
    const email = normalizeEmail(account.email);
    const emailHash = emailHashOf(email);
    // A member made for a key before accounts existed keeps their id: their key and their account are one person.
    const [legacyMember] = await this.readModels.find<UserDocument>('users', { where: { email }, limit: 1 });
    const claim = await this.emails.run(emailHash, { type: 'ClaimUserEmail', emailHash, userId: legacyMember?.sId ?? newSId() }, by);
    const userId = claim.state.userId;
    if (userId === null) throw new Error('an email claim without its owner');
    const { firstName, lastName, image, provider, emailVerified } = account;
    const registered = await this.users.run(userId, { type: 'RegisterUser', userId, email, firstName, lastName, image, provider, emailVerified }, by);
    const created = registered.events.length > 0;
    let position = registered.position ?? claim.position;
    if (created && account.passwordHash !== null) {
      position = (await this.users.run(userId, { type: 'SetPassword', passwordHash: account.passwordHash }, by)).position ?? position;
    }
    return { userId, created, position };
  }

  /**
   * A provider proved that `account`'s address is its owner's. An account that did not know it yet
   * becomes the prover's: its password, sessions and tokens, which whoever created it may hold,
   * end (see UserEmailVerified). Answers the log position to wait for.
   */
  async addressProved(account: Pick<AccountDocument, 'sId' | 'emailVerified'>, provedBy: 'oidc'): Promise<number | null> {
    if (account.emailVerified) return null;
    return (await this.users.run(account.sId, { type: 'VerifyEmail', provedBy }, provedBy)).position;
  }

  /** The account of an address (any case), or null. */
  async findByEmail(email: string): Promise<AccountDocument | null> {
    const [account] = await this.readModels.find<AccountDocument>('accounts', { where: { email: normalizeEmail(email) }, limit: 1 });
    return account ?? null;
  }

  get(userId: string): Promise<AccountDocument | null> {
    return this.readModels.get<AccountDocument>('accounts', userId);
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
