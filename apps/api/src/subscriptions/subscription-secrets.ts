import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { ApiError } from '../common/http/api-error';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { SecretBox } from '../remote-mcp/secret-box';

/** The Standard Webhooks prefix of a signing secret; the key is the base64 text after it. */
export const SIGNING_SECRET_PREFIX = 'whsec_';

/**
 * Signing secrets of subscriptions: 32 random bytes shown once as `whsec_<base64>`, kept in the log
 * only sealed with the deployment's SECRETS_KEY (as remote MCP headers and trigger keys are).
 */
@Injectable()
export class SubscriptionSecrets {
  private readonly box: SecretBox | null;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    const key = config.remoteMcp.secretsKey;
    this.box = key ? new SecretBox(Buffer.from(key.reveal(), 'hex')) : null;
  }

  /** A new secret and its sealed form for the log. */
  newSecret(): { secret: string; sealed: string } {
    if (!this.box) {
      throw new ApiError('invalid_request_error', 'A signing secret must be stored encrypted, which this deployment cannot do: set SECRETS_KEY (32 bytes, hex or base64).');
    }
    const secret = `${SIGNING_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
    return { secret, sealed: this.box.seal(secret) };
  }

  /** The HMAC key of a sealed secret (the bytes the base64 after `whsec_` encodes), or null when this deployment cannot open it. */
  signingKey(sealed: string): Buffer | null {
    if (!this.box) return null;
    try {
      return Buffer.from(this.box.open(sealed).slice(SIGNING_SECRET_PREFIX.length), 'base64');
    } catch {
      return null;
    }
  }
}
