import { randomBytes } from 'node:crypto';
import { SecretBox } from '../../remote-mcp/secret-box';
import { isReturnPath, OidcFlowSeal, type OidcFlow } from './oidc-flow';

const now = 1_700_000_000_000;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Another base64url character, differing in its top bit: always a bit of data, even in a last character's padding. */
const flipped = (char: string): string => BASE64URL[BASE64URL.indexOf(char) ^ 32] ?? char;
const flow: OidcFlow = { state: 'st4te', nonce: 'n0nce', codeVerifier: 'v'.repeat(43), returnTo: '/w/abc?tab=1', expiresAt: now + 600_000 };

describe('the sealed sign-on flow', () => {
  const key = randomBytes(32);
  const seal = new OidcFlowSeal(key);

  it('opens to what was sealed, and shows none of it', () => {
    const sealed = seal.seal(flow);
    expect(seal.open(sealed, now)).toEqual(flow);
    for (const value of [flow.state, flow.nonce, flow.codeVerifier, 'returnTo']) expect(sealed).not.toContain(value);
    expect(sealed).toMatch(/^[A-Za-z0-9._-]+$/);
  });

  it('opens nothing once changed anywhere, sealed with another key, or cut', () => {
    const sealed = seal.seal(flow);
    for (let i = 0; i < sealed.length; i++) {
      if (sealed[i] === '.') continue;
      const changed = `${sealed.slice(0, i)}${flipped(sealed[i] ?? '')}${sealed.slice(i + 1)}`;
      expect(seal.open(changed, now)).toBeNull();
    }
    expect(new OidcFlowSeal(randomBytes(32)).open(sealed, now)).toBeNull();
    expect(seal.open(sealed.slice(0, -4), now)).toBeNull();
    expect(seal.open('', now)).toBeNull();
    expect(seal.open('v1.a.b.c', now)).toBeNull();
  });

  it('lapses at its expiry', () => {
    const sealed = seal.seal(flow);
    expect(seal.open(sealed, flow.expiresAt - 1)).toEqual(flow);
    expect(seal.open(sealed, flow.expiresAt)).toBeNull();
  });

  it('refuses a sealed value that is not a flow, or sends elsewhere than this site', () => {
    expect(seal.open(new OidcFlowSeal(key).seal({ ...flow, returnTo: '//evil.test' }), now)).toBeNull();
    const box = new SecretBox(key);
    expect(seal.open(box.seal('"text"'), now)).toBeNull();
    expect(seal.open(box.seal(JSON.stringify({ ...flow, expiresAt: 'later' })), now)).toBeNull();
  });
});

describe('the path a sign-on returns to', () => {
  it('is a path of this site', () => {
    for (const path of ['/', '/w/abc', '/w/abc/conversations?x=1&y=%2F#top']) expect(isReturnPath(path)).toBe(true);
    for (const path of ['', 'w/abc', '//evil.test', '/\\evil.test', '/a\\b', 'https://evil.test/', '/ a', '/\nx', `/${'a'.repeat(2048)}`]) {
      expect(isReturnPath(path)).toBe(false);
    }
  });
});
