import type { Request } from 'express';
import type { ApiConfig } from '../config/api-config';

/**
 * The base of URLs a file response hands out (upload URL, download URL, signed redirect):
 * PUBLIC_URL when it is set, else the address the caller reached, so that an upload URL works on
 * a server started without one (on a random port, behind a name it does not know).
 */
export function requestBaseUrl(config: ApiConfig, request: Request): string {
  if (config.publicUrlConfigured) return config.publicUrl;
  const host = request.get('host');
  return host ? `${request.protocol}://${host}` : config.publicUrl;
}
