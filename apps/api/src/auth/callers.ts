import type { SessionDocument, UserTokenDocument } from '@app/contracts/read-models/user.read-models';
import type { ApiKeyDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from '../common/http/api-error';
import { CSRF_HEADER } from '../common/http/session-access';
import { hashApiKeySecret } from '../common/ids';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { csrfTokenOf, secretHashOf } from './credentials/credential-secrets';
import { sessionSecretOf } from './session-cookie';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const API_KEY = /^sk-[A-Za-z0-9]+$/;
const USER_TOKEN = /^pat-[a-f0-9]{40}$/;

/**
 * Who a request comes from, before any workspace is looked at: a workspace API key, a person's
 * personal access token (`Authorization: Bearer pat-…`), or a signed-in browser's session cookie.
 */
export type Caller =
  | { readonly kind: 'key'; readonly key: ApiKeyDocument }
  | { readonly kind: 'token'; readonly userId: string; readonly credentialId: string; readonly token: UserTokenDocument }
  | { readonly kind: 'session'; readonly userId: string; readonly credentialId: string; readonly session: SessionDocument; readonly csrfToken: string };

/** The methods a browser's page of another origin can send with cookies and no preflight: those are the ones CSRF checks guard. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves a request's credentials. A session counts only where a browser's cookie may be
 * trusted: the private family and the account routes; a request that changes something with a
 * session must carry the session's CSRF token in `x-csrf-token`.
 */
@Injectable()
export class Callers {
  constructor(private readonly readModels: ReadModels) {}

  /** The caller, or a 401 in the real service's terms when the request names none or an unknown one. */
  async of(request: Request, options: { readonly sessions: boolean }): Promise<Caller> {
    const header = request.headers.authorization;
    if (header) return this.ofBearer(header);
    const secret = options.sessions ? sessionSecretOf(request) : null;
    if (secret === null) {
      throw new ApiError('missing_authorization_header_error', 'Missing Authorization header: expected "Bearer <API key>".');
    }
    const session = await this.liveSession(secret);
    if (!session) throw new ApiError('not_authenticated', 'Your session has ended: sign in again.');
    const csrfToken = csrfTokenOf(secret);
    if (!SAFE_METHODS.has(request.method) && request.headers[CSRF_HEADER] !== csrfToken) {
      throw new ApiError('csrf_token_invalid', 'This request must carry the session\'s CSRF token in the x-csrf-token header.');
    }
    return { kind: 'session', userId: session.userId, credentialId: session.sessionId, session, csrfToken };
  }

  /** Whether the request presents a credential: an Authorization header, or a cookie of a live session. */
  async presentsAny(request: Request): Promise<boolean> {
    if (request.headers.authorization) return true;
    const secret = sessionSecretOf(request);
    return secret !== null && (await this.liveSession(secret)) !== null;
  }

  /** The live session a cookie's secret opens, or null (unknown, ended or expired). */
  async liveSession(secret: string): Promise<SessionDocument | null> {
    const session = await this.readModels.get<SessionDocument>('sessions', secretHashOf(secret));
    return session && session.expiresAt > Date.now() ? session : null;
  }

  private async ofBearer(header: string): Promise<Caller> {
    const token = BEARER.exec(header)?.[1];
    if (token && API_KEY.test(token)) {
      const key = await this.readModels.get<ApiKeyDocument>('apiKeys', hashApiKeySecret(token));
      if (!key) throw new ApiError('invalid_api_key_error', 'The API key provided is invalid or disabled.');
      return { kind: 'key', key };
    }
    if (token && USER_TOKEN.test(token)) {
      const found = await this.readModels.get<UserTokenDocument>('userTokens', secretHashOf(token));
      if (!found) throw new ApiError('invalid_oauth_token_error', 'The access token provided is invalid or revoked.');
      if (found.expiresAt !== null && found.expiresAt <= Date.now()) throw new ApiError('expired_oauth_token_error', 'The access token has expired.');
      return { kind: 'token', userId: found.userId, credentialId: found.tokenId, token: found };
    }
    throw new ApiError('malformed_authorization_header_error', 'Malformed Authorization header: expected "Bearer sk-..." or a personal access token.');
  }
}
