import { ApiError } from '../../common/http/api-error';
import { verifiedIdentityOf } from './oidc-identity';

function refusal(claims: Record<string, unknown>): string {
  try {
    verifiedIdentityOf(claims);
  } catch (error) {
    if (error instanceof ApiError) return `${error.type}: ${error.message}`;
  }
  return 'accepted';
}

describe('the identity a provider vouches for', () => {
  it('takes the verified address (lower-cased), the names and an http(s) picture', () => {
    expect(verifiedIdentityOf({ sub: '1', email: ' Ada@Example.TEST ', email_verified: true, given_name: 'Ada', family_name: 'Lovelace', picture: 'https://img.test/a.png' })).toEqual({
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
      image: 'https://img.test/a.png',
    });
  });

  it('splits `name` when the parts are missing, and falls back on the address', () => {
    expect(verifiedIdentityOf({ sub: '1', email: 'grace@example.test', email_verified: true, name: 'Grace Brewster Hopper' })).toMatchObject({ firstName: 'Grace', lastName: 'Brewster Hopper' });
    expect(verifiedIdentityOf({ sub: '1', email: 'grace@example.test', email_verified: true, given_name: 'Grace', name: 'Grace Hopper' })).toMatchObject({ firstName: 'Grace', lastName: null });
    expect(verifiedIdentityOf({ sub: '1', email: 'grace@example.test', email_verified: true, picture: 'javascript:alert(1)' })).toEqual({
      email: 'grace@example.test',
      firstName: 'grace',
      lastName: null,
      image: null,
    });
  });

  it('refuses an address that is missing, or that the provider does not say is verified', () => {
    expect(refusal({ sub: '1', email_verified: true })).toMatch(/^sign_in_failed: .*did not give an email address/);
    expect(refusal({ sub: '1', email: 'not an address', email_verified: true })).toMatch(/^sign_in_failed/);
    for (const verified of [false, 'true', 1, undefined, null]) {
      expect(refusal({ sub: '1', email: 'ada@example.test', email_verified: verified })).toMatch(/^sign_in_failed: .*not say your email address is verified/);
    }
  });
});
