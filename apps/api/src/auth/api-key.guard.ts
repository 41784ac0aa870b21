import { memberKey, type ApiKeyDocument, type UserDocument, type WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hashApiKeySecret } from '../common/ids';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { clientAddressKey } from '../rate-limits/client-address';
import { RequestRateLimits } from '../rate-limits/request-rate-limits';
import type { RouteBudgetName } from '../config/rate-limit-settings';
import { ROUTE_RATE_LIMIT } from '../rate-limits/route-rate-limit.decorator';
import { ADMIN_ONLY_ROUTE, IS_PUBLIC_ROUTE } from '../common/http/route-access';
import type { AuthenticatedRequest } from './auth-context';
import { requireAdmin } from './roles';
import { ApiError } from '../common/http/api-error';
import { ApiKeyUsage } from './api-key-usage';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const API_KEY = /^sk-[A-Za-z0-9]+$/;

/**
 * Authenticates every request under `/w/{wId}` with a workspace API key, in the order the real
 * service answers: header problems and unknown keys first (401), then an unknown workspace (404),
 * then a key of another workspace (401 workspace_auth_error). Budgets are checked as early as
 * what they count is known, before any work: a key's budget is spent once the key is found, the
 * workspace's (and the route's own) once the key is known to belong to it, so no one can spend
 * another workspace's budget. Failed authentications count per client address; past their budget
 * a request that fails again is a 429 instead of its 401 or 404, so a sprayer learns nothing more,
 * while a valid key from the same address (a team behind one proxy or NAT) is still served.
 * Guessing a key gains nothing from that: a key holds 128 random bits.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly readModels: ReadModels,
    private readonly limits: RequestRateLimits,
    private readonly usage: ApiKeyUsage,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const address = clientAddressKey(request.ip);
    const key = await this.countingFailures(address, () => this.keyOf(request));
    await this.limits.admitKey(key.keyId);

    const workspaceId = request.params.wId;
    if (typeof workspaceId !== 'string') throw new ApiError('workspace_not_found', 'The workspace was not found.');
    const workspace = await this.readModels.get<WorkspaceDocument>('workspaces', workspaceId);
    if (!workspace) throw new ApiError('workspace_not_found', 'The workspace was not found.');
    if (key.workspaceId !== workspace.sId) {
      await this.failedAuthentication(address);
      throw new ApiError('workspace_auth_error', 'Only users of the workspace can access this content.', 401);
    }
    await this.limits.admitWorkspace(workspace.sId, this.reflector.get<RouteBudgetName | undefined>(ROUTE_RATE_LIMIT, context.getHandler()));
    this.usage.touch(key.keyId);
    const user = key.userId ? await this.readModels.get<UserDocument>('users', memberKey(workspace.sId, key.userId)) : null;
    request.auth = { workspace, role: key.role, keyId: key.keyId, user };
    if (this.reflector.get<boolean>(ADMIN_ONLY_ROUTE, context.getHandler())) requireAdmin(request.auth);
    return true;
  }

  /** The key the Authorization header names; 401 when it is missing, malformed or unknown. */
  private async keyOf(request: AuthenticatedRequest): Promise<ApiKeyDocument> {
    const header = request.headers.authorization;
    if (!header) {
      throw new ApiError('missing_authorization_header_error', 'Missing Authorization header: expected "Bearer <API key>".');
    }
    const token = BEARER.exec(header)?.[1];
    if (!token || !API_KEY.test(token)) {
      throw new ApiError('malformed_authorization_header_error', 'Malformed Authorization header: expected "Bearer sk-...".');
    }
    const key = await this.readModels.get<ApiKeyDocument>('apiKeys', hashApiKeySecret(token));
    if (!key) throw new ApiError('invalid_api_key_error', 'The API key provided is invalid or disabled.');
    return key;
  }

  private async countingFailures<T>(address: string, authenticate: () => Promise<T>): Promise<T> {
    try {
      return await authenticate();
    } catch (error) {
      if (error instanceof ApiError) await this.failedAuthentication(address);
      throw error;
    }
  }

  /** A 429 for an address past its budget of failures; otherwise the failure is counted and the caller throws its own error. */
  private async failedAuthentication(address: string): Promise<void> {
    await this.limits.checkAddress(address);
    await this.limits.recordAuthFailure(address);
  }
}
