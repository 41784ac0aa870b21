import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, never showing the clear value in the envelope', () => {
    const sealed = box.seal('Bearer s3cret-token');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('s3cret');
    expect(box.open(sealed)).toBe('Bearer s3cret-token');
  });

  it('uses a fresh IV for every value', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses another key, a tampered envelope and an unknown version', () => {
    const sealed = box.seal('value');
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
    const [version, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => box.open(['v2', iv, tag, data].join('.'))).toThrow('Unknown sealed secret format');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow();
  });
});
