import { memberKey, type UserDocument, type WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Logger } from 'pino';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { clientAddressKey } from '../rate-limits/client-address';
import { RequestRateLimits } from '../rate-limits/request-rate-limits';
import type { RouteBudgetName } from '../config/rate-limit-settings';
import { ROUTE_RATE_LIMIT } from '../rate-limits/route-rate-limit.decorator';
import { ADMIN_ONLY_ROUTE, IS_PUBLIC_ROUTE, PERSON_ACCOUNT, PERSON_OR_ANONYMOUS, PERSON_ROUTE } from '../common/http/route-access';
import { LOGGER } from '../common/logger';
import { SESSION_PATHS } from '../common/http/session-access';
import type { AuthContext, AuthenticatedRequest, PersonContext } from './auth-context';
import { requireAdmin } from './roles';
import { ApiError } from '../common/http/api-error';
import { ApiKeyUsage } from './api-key-usage';
import { Callers, type Caller } from './callers';

/**
 * Authenticates every request but the public ones, in the order the real service answers: header
 * problems and unknown credentials first (401), then an unknown workspace (404), then a key of
 * another workspace (401 workspace_auth_error); a member's token or session reaches only the
 * workspaces they are a member of (404 elsewhere, as if the workspace did not exist). Budgets are
 * checked as early as what they count is known, before any work: a credential's budget once it is
 * found, the workspace's (and the route's own) once it is known to belong there, so no one can
 * spend another workspace's budget. Failed authentications count per client address; past their
 * budget a request that fails again is a 429 instead of its 401 or 404, so a sprayer learns
 * nothing more, while a valid credential from the same address (a team behind one proxy or NAT)
 * is still served. Guessing one gains nothing: keys hold 128 random bits, tokens 160, sessions 256.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly log: Logger;
  private readonly routeAccess = new WeakMap<object, RouteAccess>();

  constructor(
    private readonly reflector: Reflector,
    private readonly readModels: ReadModels,
    private readonly limits: RequestRateLimits,
    private readonly usage: ApiKeyUsage,
    private readonly callers: Callers,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.log = logger.child({ component: 'auth' });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { isPublic, personRoute, rateLimit, adminOnly } = this.accessOf(context);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (personRoute === PERSON_OR_ANONYMOUS && !(await this.callers.presentsAny(request))) return true;
    const caller = await this.countingFailures(request, () => this.callers.of(request, { sessions: SESSION_PATHS.test(request.path) }));
    await this.limits.admitKey(budgetKeyOf(caller));

    if (personRoute) {
      if (personRoute === PERSON_ACCOUNT && caller.kind === 'key') {
        throw new ApiError('workspace_auth_error', "An API key reaches its workspace only: manage the account's tokens and sessions signed in, or with a personal access token.", 403);
      }
      request.person = personOf(caller);
      if (caller.kind === 'key') this.usage.touch(caller.key.keyId);
      return true;
    }
    const workspaceId = request.params.wId;
    if (typeof workspaceId !== 'string') throw new ApiError('workspace_not_found', 'The workspace was not found.');
    const workspace = await this.readModels.get<WorkspaceDocument>('workspaces', workspaceId);
    if (!workspace) throw new ApiError('workspace_not_found', 'The workspace was not found.');
    request.auth = await this.countingFailures(request, () => this.authIn(workspace, caller, request));
    await this.limits.admitWorkspace(workspace.sId, rateLimit);
    if (caller.kind === 'key') this.usage.touch(caller.key.keyId);
    if (adminOnly) requireAdmin(request.auth);
    return true;
  }

  /** What the route's decorators say about access, read once per route: the metadata never changes once the app is built. */
  private accessOf(context: ExecutionContext): RouteAccess {
    const handler = context.getHandler();
    let access = this.routeAccess.get(handler);
    if (!access) {
      const targets = [handler, context.getClass()];
      access = {
        isPublic: this.reflector.getAllAndOverride<boolean | undefined>(IS_PUBLIC_ROUTE, targets) === true,
        personRoute: this.reflector.getAllAndOverride<PersonRouteKind | undefined>(PERSON_ROUTE, targets),
        rateLimit: this.reflector.get<RouteBudgetName | undefined>(ROUTE_RATE_LIMIT, handler),
        adminOnly: this.reflector.get<boolean | undefined>(ADMIN_ONLY_ROUTE, handler) === true,
      };
      this.routeAccess.set(handler, access);
    }
    return access;
  }

  /** What the caller may do in `workspace`; refused when it does not belong there. */
  private async authIn(workspace: WorkspaceDocument, caller: Caller, request: AuthenticatedRequest): Promise<AuthContext> {
    if (caller.kind === 'key') {
      const { key } = caller;
      if (key.workspaceId !== workspace.sId) throw new ApiError('workspace_auth_error', 'Only users of the workspace can access this content.', 401);
      const user = key.userId ? await this.readModels.get<UserDocument>('users', memberKey(workspace.sId, key.userId)) : null;
      const actingAs = await this.actingAs(workspace, key.keyId, key.role, user, request);
      if (actingAs) return { workspace, role: actingAs.role, keyId: key.keyId, user: actingAs, via: 'key' };
      return { workspace, role: key.role, keyId: key.keyId, user, via: 'key' };
    }
    const member = await this.readModels.get<UserDocument>('users', memberKey(workspace.sId, caller.userId));
    if (!member) throw new ApiError('workspace_not_found', 'The workspace was not found.');
    return { workspace, role: member.role, keyId: caller.credentialId, user: member, via: caller.kind };
  }

  /**
   * An admin key not bound to a member may act as one by sending `x-api-user-email` (the real
   * service's system keys): the request runs as that member, with their role. Every such request
   * is logged with the key and the member: the events it appends name the member as their actor.
   */
  private async actingAs(workspace: WorkspaceDocument, keyId: string, role: string, bound: UserDocument | null, request: AuthenticatedRequest): Promise<UserDocument | null> {
    const header = request.headers['x-api-user-email'];
    if (typeof header !== 'string' || header.trim() === '') return null;
    if (role !== 'admin' || bound !== null) throw new ApiError('workspace_auth_error', 'Only an admin key not bound to a member may act as a member (x-api-user-email).');
    const email = header.trim().toLowerCase();
    const [member] = await this.readModels.find<UserDocument>('users', { where: { workspaceId: workspace.sId, email }, limit: 1 });
    if (!member) throw new ApiError('workspace_user_not_found', 'No member of this workspace has that email address.');
    this.log.info({ workspaceId: workspace.sId, keyId, actingAs: member.sId, path: request.path, method: request.method }, 'admin key acting as a member');
    return member;
  }

  /** Runs `authenticate`; a refusal counts against the client's address (read only then: behind proxies it means parsing X-Forwarded-For). */
  private async countingFailures<T>(request: AuthenticatedRequest, authenticate: () => Promise<T>): Promise<T> {
    try {
      return await authenticate();
    } catch (error) {
      if (error instanceof ApiError) await this.failedAuthentication(clientAddressKey(request.ip));
      throw error;
    }
  }

  /** A 429 for an address past its budget of failures; otherwise the failure is counted and the caller throws its own error. */
  private async failedAuthentication(address: string): Promise<void> {
    await this.limits.checkAddress(address);
    await this.limits.recordAuthFailure(address);
  }
}

type PersonRouteKind = true | typeof PERSON_ACCOUNT | typeof PERSON_OR_ANONYMOUS;

/** A route's access decorators: @Public, @PersonRoute, its rate limit budget, @AdminOnly. */
interface RouteAccess {
  readonly isPublic: boolean;
  readonly personRoute: PersonRouteKind | undefined;
  readonly rateLimit: RouteBudgetName | undefined;
  readonly adminOnly: boolean;
}

/** A person's tokens and sessions share one budget; a key has its own. */
function budgetKeyOf(caller: Caller): string {
  return caller.kind === 'key' ? caller.key.keyId : `user:${caller.userId}`;
}

/** The person a `@PersonRoute()` serves: a token's or session's user, or a key's member. */
function personOf(caller: Caller): PersonContext {
  if (caller.kind === 'key') {
    const { key } = caller;
    if (!key.userId) throw new ApiError('user_not_found', 'This route is only available when authenticated as a user: use a personal access token or a key bound to a member.');
    return { userId: key.userId, credentialId: key.keyId, via: 'key', csrfToken: null, keyWorkspaceId: key.workspaceId, expiresAt: null };
  }
  if (caller.kind === 'session') {
    return { userId: caller.userId, credentialId: caller.credentialId, via: 'session', csrfToken: caller.csrfToken, keyWorkspaceId: null, expiresAt: caller.session.expiresAt };
  }
  return { userId: caller.userId, credentialId: caller.credentialId, via: 'token', csrfToken: null, keyWorkspaceId: null, expiresAt: caller.token.expiresAt };
}
