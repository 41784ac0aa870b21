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
  const parsed = parseStored(stored ?? (await decoyHash()));
  if (parsed === null) return false;
  const actual = await derive(password.slice(0, MAX_PASSWORD_LENGTH), parsed.salt, parsed.cost);
  return stored !== null && parsed.key.length === actual.length && timingSafeEqual(parsed.key, actual);
}

/** A stored hash's parts, or null when it is not one this service writes (its cost is checked: a wild N would take the memory). */
function parseStored(stored: string): { readonly cost: { N: number; r: number; p: number }; readonly salt: Buffer; readonly key: Buffer } | null {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || rest.length > 0 || !salt || !key) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const sane = Number.isInteger(Math.log2(cost.N)) && cost.N >= 2 ** 14 && cost.N <= 2 ** 17 && cost.r >= 1 && cost.r <= 16 && cost.p >= 1 && cost.p <= 4;
  if (!sane || 128 * cost.N * cost.r > MAX_MEMORY) return null;
  return { cost, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}
