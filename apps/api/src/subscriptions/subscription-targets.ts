import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../common/http/api-error';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { checkTargetUrl } from '../remote-mcp/outbound/guarded-fetch';

/**
 * Where subscriptions may deliver: the outbound address policy of remote MCP servers, with the same
 * switch (MCP_ALLOW_PRIVATE_NETWORKS) for private, loopback and link-local targets.
 */
@Injectable()
export class SubscriptionTargets {
  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  get allowPrivateNetworks(): boolean {
    return this.config.remoteMcp.allowPrivateNetworks;
  }

  /** An http(s) URL without credentials, not at a forbidden IP literal (names are checked at each delivery). */
  validUrl(raw: string): string {
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      throw new ApiError('invalid_request_error', 'Invalid request body: url must be an absolute http(s) URL.');
    }
    if (url.username || url.password) throw new ApiError('invalid_request_error', 'Invalid request body: the url must not carry credentials.');
    try {
      checkTargetUrl(url, { allowPrivateNetworks: this.allowPrivateNetworks });
    } catch (error) {
      throw new ApiError('invalid_request_error', `Invalid request body: ${(error as Error).message.replace('remote MCP servers must', 'subscription targets must')}`);
    }
    return url.href;
  }
}
