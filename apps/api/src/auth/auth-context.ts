import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { UserDocument, WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
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

export const IS_PUBLIC_ROUTE = 'isPublicRoute';
/** Marks a route that needs no API key (health checks). */
export const PublicRoute = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_ROUTE, true);

export const ADMIN_ONLY_ROUTE = 'adminOnlyRoute';
/**
 * Marks a route only admins may call. The guard checks it before the body is validated, so a key
 * without the rights learns nothing about what a valid body would be (403 before 400).
 */
export const AdminOnly = (): MethodDecorator => SetMetadata(ADMIN_ONLY_ROUTE, true);
