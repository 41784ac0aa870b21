import { ApiError } from '../../common/http/api-error';
import { checkTargetUrl } from './guarded-fetch';

/**
 * An outbound target from a request body (a remote MCP server, a subscription's receiver): an
 * absolute http(s) URL without credentials in it, not at a forbidden IP literal (names are checked
 * at each connection). Refusals are 400s naming the problem; `what` names the target in them.
 */
export function validTargetUrl(raw: string, allowPrivateNetworks: boolean, what: string, credentialsHint: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ApiError('invalid_request_error', 'Invalid request body: url must be an absolute http(s) URL.');
  }
  if (url.username || url.password) throw new ApiError('invalid_request_error', `Invalid request body: ${credentialsHint}`);
  try {
    checkTargetUrl(url, { allowPrivateNetworks });
  } catch (error) {
    throw new ApiError('invalid_request_error', `Invalid request body: ${(error as Error).message.replace('remote MCP servers must', `${what} must`)}`);
  }
  return url.href;
}
