import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { UserDocument, WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Who is calling, resolved from the API key for a request under `/w/{wId}`. */
export interface AuthContext {
  readonly workspace: WorkspaceDocument;
  readonly role: WorkspaceRole;
  readonly keyId: string;
  /** The member the key acts as, or null for a key not bound to a user. */
  readonly user: UserDocument | null;
}

export type AuthenticatedRequest = Request & { auth?: AuthContext; requestId?: string };

/** Injects the caller's AuthContext into a controller method. */
export const Auth = createParamDecorator((_: unknown, context: ExecutionContext): AuthContext => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.auth) throw new Error('Auth() used on a route without authentication');
  return request.auth;
});
