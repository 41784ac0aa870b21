import type { ListSessionsResponse, ListUserTokensResponse, SessionResponse } from '@app/contracts/http/auth.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PersonContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { AccountViews } from '../account-views';
import { Sessions } from '../sessions';
import { UserTokens } from '../user-tokens';

/** The signed-in browser's session: who, their workspaces, the CSRF token their page sends back. */
export class GetSessionQuery extends Query<SessionResponse> {
  constructor(readonly person: PersonContext) {
    super();
  }
}

@QueryHandler(GetSessionQuery)
export class GetSessionHandler implements IQueryHandler<GetSessionQuery> {
  constructor(private readonly views: AccountViews) {}

  async execute({ person }: GetSessionQuery): Promise<SessionResponse> {
    const { expiresAt } = person;
    if (person.via !== 'session' || person.csrfToken === null || expiresAt === null) throw new ApiError('not_authenticated', 'Not signed in.');
    const [{ user }, workspaces] = await Promise.all([this.views.user(person.userId), this.views.workspaces(person.userId)]);
    return { user, workspaces, csrfToken: person.csrfToken, sessionId: person.credentialId, expiresAt };
  }
}

export class ListSessionsQuery extends Query<ListSessionsResponse> {
  constructor(readonly person: PersonContext) {
    super();
  }
}

@QueryHandler(ListSessionsQuery)
export class ListSessionsHandler implements IQueryHandler<ListSessionsQuery> {
  constructor(private readonly sessions: Sessions) {}

  async execute({ person }: ListSessionsQuery): Promise<ListSessionsResponse> {
    const sessions = await this.sessions.list(person.userId);
    return {
      sessions: sessions.map(({ sessionId, method, createdAt, expiresAt, userAgent }) => ({
        sessionId,
        method,
        createdAt,
        expiresAt,
        userAgent,
        current: person.via === 'session' && person.credentialId === sessionId,
      })),
    };
  }
}

export class ListUserTokensQuery extends Query<ListUserTokensResponse> {
  constructor(readonly person: PersonContext) {
    super();
  }
}

@QueryHandler(ListUserTokensQuery)
export class ListUserTokensHandler implements IQueryHandler<ListUserTokensQuery> {
  constructor(private readonly tokens: UserTokens) {}

  async execute({ person }: ListUserTokensQuery): Promise<ListUserTokensResponse> {
    const tokens = await this.tokens.list(person.userId);
    return { tokens: tokens.map(({ tokenId, name, secretPrefix, createdAt, expiresAt }) => ({ tokenId, name, prefix: secretPrefix, createdAt, expiresAt })) };
  }
}
