import { hash, randomBytes, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random 10-character base62 sId (workspaces, users, conversations, messages, agents). */
export function newSId(length = 10): string {
  let id = '';
  for (let i = 0; i < length; i += 1) id += BASE62[randomInt(62)];
  return id;
}

export type ResourcePrefix = 'fil' | 'vlt' | 'dts' | 'dsv' | 'act' | 'amf' | 'key' | 'msv' | 'rms' | 'ses' | 'lnk' | 'tok' | 'inv' | 'pmd' | 'skl';

/** A prefixed resource id such as `vlt_…` for spaces or `fil_…` for files. */
export function newPrefixedId(prefix: ResourcePrefix): string {
  return `${prefix}_${newSId(12)}`;
}

/** A workspace API key secret: `sk-` and 32 lower-case hex characters (128 bits). */
export function newApiKeySecret(): string {
  return `sk-${randomBytes(16).toString('hex')}`;
}

/** The part of a key secret recorded to tell keys apart: `sk-` and 6 of its 32 hex digits (104 bits stay secret). */
export function apiKeySecretPrefix(secret: string): string {
  return secret.slice(0, 'sk-'.length + 6);
}

/** The only form in which a key secret is ever stored (one-shot hash: it runs on every request). */
export function hashApiKeySecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** A personal access token: `pat-` and 40 lower-case hex characters (160 bits). */
export function newUserTokenSecret(): string {
  return `pat-${randomBytes(20).toString('hex')}`;
}

/** A secret for a cookie or a link: 32 random bytes, base64url (256 bits). */
export function newOpaqueSecret(): string {
  return randomBytes(32).toString('base64url');
}
