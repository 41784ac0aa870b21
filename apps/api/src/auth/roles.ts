import type { AuthContext } from './auth-context';
import { ApiError } from '../common/http/api-error';

/** Only admins may go on (403 workspace_auth_error otherwise). */
export function requireAdmin(auth: AuthContext): void {
  if (auth.role !== 'admin') throw new ApiError('workspace_auth_error', 'Only the workspace admins can perform this action.');
}

/** Admins and builders may go on. */
export function requireBuilder(auth: AuthContext): void {
  if (auth.role !== 'admin' && auth.role !== 'builder') {
    throw new ApiError('workspace_auth_error', 'Only the workspace admins and builders can perform this action.');
  }
}

/** The caller must act as a member (a token, a session, or a key bound to one); returns that member's sId. */
export function requireUser(auth: AuthContext, what: string): string {
  if (!auth.user) {
    throw new ApiError('user_not_found', `${what} is only available when authenticated as a user: use a personal access token, or a key bound to a member (--user <email>).`);
  }
  return auth.user.sId;
}
