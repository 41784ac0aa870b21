import type { SignInMethod, SessionEndReason } from '@app/contracts/events/user.events';
import type { SessionDocument } from '@app/contracts/read-models/user.read-models';
import { Inject, Injectable } from '@nestjs/common';
import { csrfTokenOf, secretHashOf } from '../auth/credentials/credential-secrets';
import { newOpaqueSecret, newPrefixedId } from '../common/ids';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { UserAggregateWriter } from '../event-sourcing/writing/aggregate-writers';

/** A session just started: what the browser's cookie gets, and what the page sends back on writes. */
export interface StartedSession {
  readonly sessionId: string;
  /** The cookie's value; only its hash is recorded. */
  readonly secret: string;
  readonly csrfToken: string;
  readonly expiresAt: number;
  readonly position: number | null;
}

/** What a new session needs besides its secret. */
export interface SessionRequest {
  readonly method: SignInMethod;
  readonly userAgent: string | null;
}

/**
 * Sessions of signed-in browsers. Every sign-in gets a new secret (a cookie set before sign-in is
 * never adopted, so a planted one is worthless); a session ends on sign-out, when its user signs
 * out everywhere or changes their password, and lapses at its expiry.
 */
@Injectable()
export class Sessions {
  constructor(
    private readonly users: UserAggregateWriter,
    private readonly readModels: ReadModels,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** A new session's fields, before it is recorded (a sign-in link records it with its own use). */
  prepare(): { readonly sessionId: string; readonly secret: string; readonly secretHash: string; readonly expiresAt: number } {
    const secret = newOpaqueSecret();
    return { sessionId: newPrefixedId('ses'), secret, secretHash: secretHashOf(secret), expiresAt: Date.now() + this.config.people.sessionTtlMs };
  }

  async start(userId: string, request: SessionRequest): Promise<StartedSession> {
    const { sessionId, secret, secretHash, expiresAt } = this.prepare();
    const outcome = await this.users.run(userId, { type: 'StartSession', sessionId, secretHash, method: request.method, expiresAt, userAgent: request.userAgent }, userId);
    return { sessionId, secret, csrfToken: csrfTokenOf(secret), expiresAt, position: outcome.position };
  }

  /** Ends one session of the user, or all of them (`sessionId` null). */
  async end(userId: string, sessionId: string | null, reason: SessionEndReason): Promise<number | null> {
    return (await this.users.run(userId, { type: 'EndSessions', sessionId, reason }, userId)).position;
  }

  /** The user's live sessions, newest first. */
  async list(userId: string): Promise<SessionDocument[]> {
    const sessions = await this.readModels.find<SessionDocument>('sessions', { where: { userId }, sort: [{ field: 'createdAt', direction: 'desc' }] });
    const now = Date.now();
    return sessions.filter((session) => session.expiresAt > now);
  }
}
