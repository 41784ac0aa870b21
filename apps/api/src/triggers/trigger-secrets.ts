import { Inject, Injectable } from '@nestjs/common';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HmacAlgorithm } from '@app/contracts/events/trigger.events';
import { ApiError } from '../common/http/api-error';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { SecretBox } from '../remote-mcp/secret-box';

const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest();

/** Compares two strings in constant time (their SHA-256 digests, so lengths leak nothing either). */
function sameSecret(presented: string, expected: Buffer): boolean {
  return timingSafeEqual(sha256(presented), expected);
}

/**
 * The secrets of webhook triggers: the URL secret (kept as its SHA-256, shown once), and the HMAC
 * key (sealed with the deployment's SECRETS_KEY, as remote MCP headers are).
 */
@Injectable()
export class TriggerSecrets {
  private readonly box: SecretBox | null;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    const key = config.remoteMcp.secretsKey;
    this.box = key ? new SecretBox(Buffer.from(key.reveal(), 'hex')) : null;
  }

  /** A new secret for a hook URL and the hash the log keeps. */
  newUrlSecret(): { secret: string; hash: string } {
    const secret = randomBytes(24).toString('base64url');
    return { secret, hash: sha256(secret).toString('hex') };
  }

  urlSecretMatches(presented: string, hash: string): boolean {
    return sameSecret(presented, Buffer.from(hash, 'hex'));
  }

  sealSigningSecret(secret: string): string {
    if (!this.box) {
      throw new ApiError('invalid_request_error', 'A signing secret must be stored encrypted, which this deployment cannot do: set SECRETS_KEY (32 bytes, hex or base64).');
    }
    return this.box.seal(secret);
  }

  /**
   * Whether `header` (hex, optionally `sha256=`-prefixed) is the HMAC of the body under the sealed
   * key, compared in constant time. A key this deployment cannot open fails closed.
   */
  signatureMatches(sealedSecret: string, algorithm: HmacAlgorithm, body: Buffer, header: string | undefined): boolean {
    if (header === undefined || !this.box) return false;
    let secret: string;
    try {
      secret = this.box.open(sealedSecret);
    } catch {
      return false;
    }
    const expected = createHmac(algorithm, secret).update(body).digest('hex');
    const presented = header.trim().replace(/^[a-z0-9]+=/i, '').toLowerCase();
    return sameSecret(presented, sha256(expected));
  }
}
