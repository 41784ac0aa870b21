import { parseIntegerVariable, type Environment } from '@app/storage';
import { randomBytes } from 'node:crypto';
import { Secret } from './provider-settings';

/** Uploads, processing and signed downloads of files. */
export interface FileSettings {
  /** Files processed (text extracted) at the same time; further uploads wait their turn. */
  readonly processingConcurrency: number;
  /** Uploads waiting for processing beyond which a new one is refused (503). */
  readonly processingQueueLimit: number;
  /** Key of the HMAC that signs download URLs; random per process when unset (one replica only). */
  readonly downloadSecret: Secret;
  /** How long a signed download URL stays valid. */
  readonly downloadUrlTtlSeconds: number;
  /** Unreferenced blobs younger than this survive the start-up sweep (an upload may be writing them). */
  readonly orphanGraceSeconds: number;
  /** Characters of attached text an agent's prompt takes at most, all attachments together. */
  readonly promptAttachmentChars: number;
}

export function parseFileSettings(env: Environment, problems: string[]): FileSettings {
  const secret = env.FILE_DOWNLOAD_SECRET?.trim();
  if (secret !== undefined && secret !== '' && secret.length < 32) problems.push('FILE_DOWNLOAD_SECRET must be at least 32 characters');
  return {
    processingConcurrency: parseIntegerVariable(env, 'FILE_PROCESSING_CONCURRENCY', 2, { min: 1, max: 64 }, problems),
    processingQueueLimit: parseIntegerVariable(env, 'FILE_PROCESSING_QUEUE_LIMIT', 100, { min: 1, max: 100_000 }, problems),
    downloadSecret: new Secret(secret || randomBytes(32).toString('hex')),
    downloadUrlTtlSeconds: parseIntegerVariable(env, 'FILE_DOWNLOAD_URL_TTL_SECONDS', 300, { min: 10, max: 7 * 24 * 3600 }, problems),
    orphanGraceSeconds: parseIntegerVariable(env, 'FILE_ORPHAN_GRACE_SECONDS', 3600, { min: 0, max: 30 * 24 * 3600 }, problems),
    promptAttachmentChars: parseIntegerVariable(env, 'PROMPT_ATTACHMENT_CHARS', 200_000, { min: 1000, max: 10_000_000 }, problems),
  };
}
