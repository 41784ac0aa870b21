import { CliProblem, emailFlag, parseFlags, roleFlag } from './cli-flags';

describe('parseFlags', () => {
  it('reads `--name value` and `--name=value`', () => {
    expect(Object.fromEntries(parseFlags(['user', 'create', '--email', 'ada@example.com', '--name=Ada Lovelace']))).toEqual({ email: 'ada@example.com', name: 'Ada Lovelace' });
  });

  it('reads a flag followed by another flag, or by nothing, as a switch without swallowing the next flag', () => {
    const flags = parseFlags(['--password-stdin', '--workspace', 'W1', '--verbose']);
    expect(Object.fromEntries(flags)).toEqual({ 'password-stdin': '', workspace: 'W1', verbose: '' });
  });
});

describe('emailFlag and roleFlag', () => {
  it('refuses what is not an address, and names the flag', () => {
    expect(() => emailFlag(new Map([['email', 'ada']]), 'email')).toThrow(new CliProblem('--email must be an email address'));
    expect(() => emailFlag(new Map(), 'user')).toThrow(new CliProblem('--user is required'));
    expect(emailFlag(new Map([['email', ' ada@example.com ']]), 'email')).toBe('ada@example.com');
  });

  it('takes a known role, the fallback when left out, and requires one when there is none', () => {
    expect(roleFlag(new Map([['role', 'builder']]), 'role', 'user')).toBe('builder');
    expect(roleFlag(new Map(), 'role', 'user')).toBe('user');
    expect(() => roleFlag(new Map(), 'role', null)).toThrow(CliProblem);
    expect(() => roleFlag(new Map([['role', 'owner']]), 'role', 'user')).toThrow('--role must be one of admin, builder, user');
  });
});
