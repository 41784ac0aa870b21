import { createHmac, randomBytes } from 'node:crypto';
import type { ApiConfig } from '../config/api-config';
import { Secret } from '../config/provider-settings';
import { TriggerSecrets } from './trigger-secrets';

const withKey = (key: string | null) => new TriggerSecrets({ remoteMcp: { secretsKey: key === null ? null : new Secret(key) } } as unknown as ApiConfig);
const body = Buffer.from('{"ref":"refs/heads/main"}');
const hmac = (algorithm: string, secret: string, bytes: Buffer = body) => createHmac(algorithm, secret).update(bytes).digest('hex');

describe('TriggerSecrets', () => {
  const secrets = withKey(randomBytes(32).toString('hex'));
  const sealed = secrets.sealSigningSecret('s3cret');

  it('keeps the URL secret as a hash and recognises only the secret itself', () => {
    const { secret, hash } = secrets.newUrlSecret();
    expect(hash).not.toContain(secret);
    expect(secrets.urlSecretMatches(secret, hash)).toBe(true);
    expect(secrets.urlSecretMatches(`${secret}x`, hash)).toBe(false);
    expect(secrets.urlSecretMatches('', hash)).toBe(false);
  });

  it('checks the HMAC of the body as sent, with or without an algorithm prefix, for each algorithm', () => {
    for (const algorithm of ['sha1', 'sha256', 'sha512'] as const) {
      expect(secrets.signatureMatches(sealed, algorithm, body, hmac(algorithm, 's3cret'))).toBe(true);
      expect(secrets.signatureMatches(sealed, algorithm, body, `${algorithm}=${hmac(algorithm, 's3cret').toUpperCase()}`)).toBe(true);
    }
    expect(secrets.signatureMatches(sealed, 'sha256', body, hmac('sha1', 's3cret'))).toBe(false);
    expect(secrets.signatureMatches(sealed, 'sha256', body, hmac('sha256', 'another'))).toBe(false);
    expect(secrets.signatureMatches(sealed, 'sha256', Buffer.from(`${body.toString()} `), hmac('sha256', 's3cret'))).toBe(false);
    expect(secrets.signatureMatches(sealed, 'sha256', body, undefined)).toBe(false);
  });

  it('fails closed on a secret sealed with another key, and refuses to store one without a key', () => {
    const other = withKey(randomBytes(32).toString('hex'));
    expect(other.signatureMatches(sealed, 'sha256', body, hmac('sha256', 's3cret'))).toBe(false);
    expect(() => withKey(null).sealSigningSecret('s3cret')).toThrow(expect.objectContaining({ type: 'invalid_request_error' }));
  });
});
