/** What a person needs to make a first call: where the server is, which workspace, which key. */
export interface FirstStart {
  readonly url: string;
  readonly workspaceId: string;
  readonly apiKey: string;
}

/**
 * The human welcome printed once on the first start (the JSON line beside it is for scripts): the
 * address, the default workspace, its admin key and a `curl` that works as pasted.
 */
export function firstStartBanner({ url, workspaceId, apiKey }: FirstStart): string {
  const spaces = `${url}/api/v1/w/${workspaceId}/spaces`;
  return [
    '',
    `  Workspace service listening on ${url}`,
    `  Default workspace:  ${workspaceId}`,
    `  Admin API key:      ${apiKey}   (shown once: store it now)`,
    '',
    '  Try it:',
    `    curl -H 'Authorization: Bearer ${apiKey}' '${spaces}'`,
    '',
    '  Keys and workspaces: npm run cli (docs/operations.md, Administration)',
    '',
  ].join('\n');
}

/** The address to show: PUBLIC_URL when set, else localhost on the port the server actually bound. */
export function firstStartUrl(publicUrl: string, publicUrlConfigured: boolean, boundPort: number): string {
  return publicUrlConfigured ? publicUrl : `http://localhost:${boundPort}`;
}
