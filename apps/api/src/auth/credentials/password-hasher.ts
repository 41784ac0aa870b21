import { MAX_PASSWORD_LENGTH } from '@app/contracts/http/auth.dto';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost: N = 2^15, r = 8, p = 1 (32 MiB and ~50-100 ms a hash on a server core; OWASP's minimum is N = 2^17 with r = 8 at p = 1, or this N with more memory). */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** scrypt needs 128·N·r bytes; the default cap (32 MiB) is exactly that, so some room is given. */
const MAX_MEMORY = 64 * 1024 * 1024;


function derive(password: string, salt: Buffer, options: ScryptOptions & { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // Runs on libuv's thread pool: the event loop goes on serving requests meanwhile.
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...options, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$<salt>$<key>` (base64): what the log records instead of the password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** A stored hash of no password, checked when an address has no account so both answers take as long. */
let decoy: Promise<string> | null = null;
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64'));
  return decoy;
}

/**
 * Whether `password` matches `stored`; with no stored hash (unknown address, account without a
 * password) a decoy is checked instead, so the answer takes the same time either way.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? (await decoyHash())).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts;
  const expected = Buffer.from(key ?? '', 'base64');
  const actual = await derive(password.slice(0, MAX_PASSWORD_LENGTH), Buffer.from(salt ?? '', 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return stored !== null && expected.length === actual.length && timingSafeEqual(expected, actual);
}
