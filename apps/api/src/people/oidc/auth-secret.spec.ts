import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadApiConfig } from '../../config/api-config';
import { AUTH_SECRET_FILE, AuthSecret, loadOrCreateAuthSecret } from './auth-secret';

describe('the server secret', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'auth-secret-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is made once in the data directory, readable by its owner only, and read back after', () => {
    const made = loadOrCreateAuthSecret(join(dataDir, 'nested'));
    const file = join(dataDir, 'nested', AUTH_SECRET_FILE);
    expect(made).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateAuthSecret(join(dataDir, 'nested'))).toBe(made);
    expect(readFileSync(file, 'utf8').trim()).toBe(made);
  });

  it('refuses a file that holds no usable secret rather than use a guessable one', () => {
    writeFileSync(join(dataDir, AUTH_SECRET_FILE), 'short\n');
    expect(() => loadOrCreateAuthSecret(dataDir)).toThrow(/no usable secret/);
  });

  it('derives one key per purpose; AUTH_SECRET wins over the file and gives the same keys on every replica', () => {
    const env = { DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(40) };
    const one = new AuthSecret(loadApiConfig(env));
    const other = new AuthSecret(loadApiConfig({ ...env, DATA_DIR: join(dataDir, 'elsewhere') }));
    expect(one.keyFor('flow')).toHaveLength(32);
    expect(one.keyFor('flow').equals(other.keyFor('flow'))).toBe(true);
    expect(one.keyFor('flow').equals(one.keyFor('other purpose'))).toBe(false);
    expect(() => statSync(join(dataDir, AUTH_SECRET_FILE))).toThrow();
    const generated = new AuthSecret(loadApiConfig({ DATA_DIR: dataDir }));
    expect(generated.keyFor('flow').equals(one.keyFor('flow'))).toBe(false);
    expect(statSync(join(dataDir, AUTH_SECRET_FILE)).isFile()).toBe(true);
  });

  it('is at least 32 printable characters when set', () => {
    expect(() => loadApiConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'too short' })).toThrow(/AUTH_SECRET must be at least 32/);
  });
});
