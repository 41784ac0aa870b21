import type { UserTokenDocument } from '@app/contracts/read-models/user.read-models';
import { Injectable } from '@nestjs/common';
import { secretHashOf } from '../auth/credentials/credential-secrets';
import { newPrefixedId, newUserTokenSecret } from '../common/ids';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { UserAggregateWriter } from '../event-sourcing/writing/aggregate-writers';

/** A token just created: the secret is shown once, never again. */
export interface CreatedUserToken {
  readonly tokenId: string;
  readonly token: string;
  readonly name: string;
  readonly expiresAt: number | null;
  readonly position: number | null;
}

/** Personal access tokens: named, optionally expiring, listable and revocable; stored as hashes. */
@Injectable()
export class UserTokens {
  constructor(
    private readonly users: UserAggregateWriter,
    private readonly readModels: ReadModels,
  ) {}

  async create(userId: string, name: string, expiresAt: number | null, by: string): Promise<CreatedUserToken> {
    const token = newUserTokenSecret();
    const tokenId = newPrefixedId('tok');
    const outcome = await this.users.run(
      userId,
      { type: 'CreateUserToken', tokenId, secretHash: secretHashOf(token), secretPrefix: token.slice(0, 'pat-'.length + 6), name, expiresAt },
      by,
    );
    return { tokenId, token, name, expiresAt, position: outcome.position };
  }

  /** The user's live tokens (expired ones left out), oldest first. */
  async list(userId: string): Promise<UserTokenDocument[]> {
    const tokens = await this.readModels.find<UserTokenDocument>('userTokens', { where: { userId }, sort: [{ field: 'createdAt', direction: 'asc' }] });
    const now = Date.now();
    return tokens.filter((token) => token.expiresAt === null || token.expiresAt > now);
  }

  async revoke(userId: string, tokenId: string, by: string): Promise<number | null> {
    return (await this.users.run(userId, { type: 'RevokeUserToken', tokenId }, by)).position;
  }
}
