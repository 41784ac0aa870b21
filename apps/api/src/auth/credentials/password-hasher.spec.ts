import { hashPassword, verifyPassword } from './password-hasher';

describe('password hashing', () => {
  it('hashes with scrypt and a salt of its own each time, and checks the password back', async () => {
    const [first, second] = await Promise.all([hashPassword('correct horse battery'), hashPassword('correct horse battery')]);
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
    await expect(verifyPassword('correct horse battery', first)).resolves.toBe(true);
    await expect(verifyPassword('correct horse battery!', first)).resolves.toBe(false);
  });

  it('treats the same text typed with a composed or decomposed accent as one password', async () => {
    const stored = await hashPassword('caf\u00e9 au lait');
    await expect(verifyPassword('cafe\u0301 au lait', stored)).resolves.toBe(true);
  });

  it('answers false, after the same work, when there is no stored hash or a malformed one', async () => {
    await expect(verifyPassword('anything at all', null)).resolves.toBe(false);
    await expect(verifyPassword('anything at all', 'plain-text')).resolves.toBe(false);
    await expect(verifyPassword('anything at all', 'scrypt$1$1$1$$')).resolves.toBe(false);
  });
});
