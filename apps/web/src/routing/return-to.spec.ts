import { describe, expect, it } from '@jest/globals';
import { safeReturnTo, signInPath } from './return-to';

describe('where sign-in goes back to', () => {
  it('keeps a path of this site, query and fragment included', () => {
    for (const path of ['/', '/w/abc', '/w/abc/new?x=1', '/w/abc#top']) expect(safeReturnTo(path)).toBe(path);
  });

  it('drops anything that could leave the site or loop back to sign-in', () => {
    for (const hostile of [null, undefined, '', 'https://evil.example', '//evil.example', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)', '/\t/evil.example', 'w/abc', '/sign-in', '/sign-in?returnTo=/x']) {
      expect({ hostile, back: safeReturnTo(hostile) }).toEqual({ hostile, back: '/' });
    }
  });

  it('builds the sign-in address that comes back', () => {
    expect(signInPath('/w/abc/new?x=1')).toBe('/sign-in?returnTo=%2Fw%2Fabc%2Fnew%3Fx%3D1');
    expect(signInPath('/')).toBe('/sign-in');
    expect(signInPath('//evil.example')).toBe('/sign-in');
  });
});
