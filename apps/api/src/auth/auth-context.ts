import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { UserDocument, WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Who is calling a request under `/w/{wId}`: a key, or a member by their token or session. */
export interface AuthContext {
  readonly workspace: WorkspaceDocument;
  readonly role: WorkspaceRole;
  /** The key's id, or the token's or session's id for a member: what budgets and logs name. */
  readonly keyId: string;
  /** The member the caller acts as, or null for a key not bound to a user. */
  readonly user: UserDocument | null;
  /** How the caller proved who they are (absent: a key). */
  readonly via?: 'key' | 'token' | 'session';
}

/** A person calling a route of their own (`/api/v1/me`, their tokens and sessions). */
export interface PersonContext {
  readonly userId: string;
  /** The token's, session's or key's id. */
  readonly credentialId: string;
  readonly via: 'key' | 'token' | 'session';
  /** The session's CSRF token, for a signed-in browser. */
  readonly csrfToken: string | null;
  /** The workspace a user-bound key belongs to (it reaches that one only). */
  readonly keyWorkspaceId: string | null;
  /** When the session or token lapses (null: never, or a key). */
  readonly expiresAt: number | null;
}

export type AuthenticatedRequest = Request & { auth?: AuthContext; person?: PersonContext; requestId?: string };

/** Injects the caller's AuthContext into a controller method. */
export const Auth = createParamDecorator((_: unknown, context: ExecutionContext): AuthContext => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.auth) throw new Error('Auth() used on a route without authentication');
  return request.auth;
});

/** Injects the calling person into a controller method of a `@PersonRoute()`. */
export const Person = createParamDecorator((_: unknown, context: ExecutionContext): PersonContext => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.person) throw new Error('Person() used on a route that is not a person route');
  return request.person;
});

/** Injects the calling person of a `@PersonRouteOrAnonymous()`, or null for someone not signed in. */
export const PersonOrNull = createParamDecorator((_: unknown, context: ExecutionContext): PersonContext | null => {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().person ?? null;
});
