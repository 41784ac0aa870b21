import { Inject, Injectable } from '@nestjs/common';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { validTargetUrl } from '../remote-mcp/outbound/target-url';

/**
 * Where subscriptions may deliver: the outbound address policy of remote MCP servers, with the same
 * switch (MCP_ALLOW_PRIVATE_NETWORKS) for private, loopback and link-local targets.
 */
@Injectable()
export class SubscriptionTargets {
  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  /** An http(s) URL without credentials, not at a forbidden IP literal (names are checked at each delivery). */
  validUrl(raw: string): string {
    return validTargetUrl(raw, this.config.remoteMcp.allowPrivateNetworks, 'subscription targets', 'the url must not carry credentials.');
  }
}
