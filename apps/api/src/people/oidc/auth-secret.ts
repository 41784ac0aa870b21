import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, hkdfSync } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';

/** The file of the data directory that keeps the generated secret when AUTH_SECRET is unset. */
export const AUTH_SECRET_FILE = 'auth-secret';

const MIN_SECRET_LENGTH = 32;

/**
 * The server secret behind what the api seals for browsers, and the keys derived from it (HKDF,
 * one per purpose, so no two uses ever share a key). AUTH_SECRET when set; otherwise a random one
 * made at first start and kept in the data directory (mode 0600), so a restart keeps the flows
 * under way. Replicas that do not share a data directory must share AUTH_SECRET.
 */
@Injectable()
export class AuthSecret {
  private secret: Buffer | null = null;

  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  /** A 32-byte key for `purpose` (read or made on first use, at boot for the features that need one). */
  keyFor(purpose: string): Buffer {
    this.secret ??= Buffer.from(this.config.people.authSecret?.reveal() ?? loadOrCreateAuthSecret(this.config.storage.dataDir), 'utf8');
    return Buffer.from(hkdfSync('sha256', this.secret, Buffer.alloc(0), `dust-auth:${purpose}`, 32));
  }
}

/**
 * The secret kept in `dataDir/auth-secret`, made when absent. It is written to a file of its own
 * and linked into place, which fails when the name exists: of two processes starting on one data
 * directory, one secret wins and both read it, and no one ever reads a half-written file.
 */
export function loadOrCreateAuthSecret(dataDir: string): string {
  const path = join(dataDir, AUTH_SECRET_FILE);
  const existing = readSecret(path);
  if (existing !== null) return existing;
  mkdirSync(dataDir, { recursive: true });
  const draft = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, path);
  } catch (error) {
    if (codeOf(error) !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  const secret = readSecret(path);
  if (secret === null) throw new Error(`${path} could not be read back after it was written.`);
  return secret;
}

function readSecret(path: string): string | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return null;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`${path} holds no usable secret (at least ${MIN_SECRET_LENGTH} characters): remove it to have a new one made, or set AUTH_SECRET.`);
  return secret;
}

/** A system error's code (errors of node:fs may come from another realm, where instanceof Error fails). */
function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}
