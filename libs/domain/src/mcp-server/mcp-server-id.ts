/** Prefix of every client-side server id, as in the real service. */
export const CLIENT_SIDE_SERVER_ID_PREFIX = 'mcp-client-side:';

/** Instances one user may have under one server name at once: the bare slug, then `.1` to `.255`. */
export const MAX_INSTANCES_PER_NAME = 256;

/**
 * The slug of a server name: accents dropped, lower case, runs of spaces to `_`, anything but
 * `[a-z0-9_]` removed, `_` runs collapsed and trimmed. Empty when nothing usable is left.
 */
export function slugOfServerName(serverName: string): string {
  return serverName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** The id of the n-th instance (0-based) of a slug: `mcp-client-side:<slug>` then `…<slug>.<n>`. */
export function clientSideServerId(slug: string, instance: number): string {
  return `${CLIENT_SIDE_SERVER_ID_PREFIX}${slug}${instance === 0 ? '' : `.${instance}`}`;
}

/** Every id a server name may take, in the order they are handed out. */
export function candidateServerIds(slug: string): string[] {
  return Array.from({ length: MAX_INSTANCES_PER_NAME }, (_, instance) => clientSideServerId(slug, instance));
}
