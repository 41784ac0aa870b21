import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed download URL grants: one version of one file, until `expiresAt` (epoch seconds). */
export interface DownloadGrant {
  readonly workspaceId: string;
  readonly fileId: string;
  readonly version: 'original' | 'processed';
  readonly expiresAt: number;
}

function signatureOf(secret: string, grant: DownloadGrant): Buffer {
  return createHmac('sha256', secret).update(`${grant.workspaceId}\n${grant.fileId}\n${grant.version}\n${grant.expiresAt}`).digest();
}

/** The path and query of a signed download URL. */
export function signedDownloadPath(secret: string, grant: DownloadGrant): string {
  const query = new URLSearchParams({
    version: grant.version,
    expires: String(grant.expiresAt),
    signature: signatureOf(secret, grant).toString('base64url'),
  });
  return `/api/w/${grant.workspaceId}/files/${grant.fileId}/signed?${query.toString()}`;
}

/** Whether `signature` signs this grant and it has not expired at `nowSeconds`. */
export function isValidDownloadSignature(secret: string, grant: DownloadGrant, signature: string, nowSeconds: number): boolean {
  if (!Number.isSafeInteger(grant.expiresAt) || grant.expiresAt < nowSeconds) return false;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, grant);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
