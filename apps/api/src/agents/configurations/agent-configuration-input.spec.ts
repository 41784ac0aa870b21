import { defaultPictureUrl, isAllowedPictureUrl } from './agent-configuration-input';

const publicUrl = 'http://localhost:3000';

describe('agent picture URLs a client may set', () => {
  it.each([
    'https://example.com/helper.png',
    'HTTPS://EXAMPLE.COM/a.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/svg+xml,%3Csvg%2F%3E',
    defaultPictureUrl(publicUrl),
    `${publicUrl}/static/systemavatar/dust_avatar_full.png`,
  ])('accepts %s', (url) => {
    expect(isAllowedPictureUrl(url, publicUrl)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'file:///etc/passwd',
    'http://example.com/helper.png',
    'ftp://example.com/a.png',
    'data:text/html,<script>alert(1)</script>',
    'data:image',
    'data:,image/png',
    '//example.com/a.png',
    '/static/droidavatar/Droid_Black_2.jpg',
    'not a url',
    `${publicUrl}.evil.example/static/a.png`,
    `${publicUrl}/api/w/x`,
  ])('refuses %s', (url) => {
    expect(isAllowedPictureUrl(url, publicUrl)).toBe(false);
  });
});
