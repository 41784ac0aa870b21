/** What a person needs to make a first call: where the server is, which workspace, which key. */
export interface FirstStart {
  readonly url: string;
  readonly workspaceId: string;
  readonly apiKey: string;
  /** The first admin account (ADMIN_EMAIL) and its one-time sign-in link; null when none was asked for. */
  readonly firstAdmin: FirstAdmin | null;
}

export interface FirstAdmin {
  readonly email: string;
  readonly signInLink: string;
  readonly linkTtlMinutes: number;
}

/**
 * The human welcome printed once on the first start (the JSON line beside it is for scripts): the
 * address, the default workspace, its admin key and a `curl` that works as pasted; the first admin's
 * sign-in link, or how to create an admin account.
 */
export function firstStartBanner({ url, workspaceId, apiKey, firstAdmin }: FirstStart): string {
  const spaces = `${url}/api/v1/w/${workspaceId}/spaces`;
  return [
    '',
    `  Workspace service listening on ${url}`,
    `  Default workspace:  ${workspaceId}`,
    `  Admin API key:      ${apiKey}   (shown once: store it now)`,
    ...(firstAdmin ? firstAdminLines(firstAdmin) : noAdminLines(workspaceId)),
    '',
    '  Try it:',
    `    curl -H 'Authorization: Bearer ${apiKey}' '${spaces}'`,
    '',
    '  Keys, people and workspaces: npm run cli (docs/operations.md, Administration)',
    '',
  ].join('\n');
}

function firstAdminLines({ email, signInLink, linkTtlMinutes }: FirstAdmin): string[] {
  return [
    `  First admin:        ${email}`,
    `  Sign-in link:       ${signInLink}`,
    `                      (once, within ${linkTtlMinutes} minutes: it signs in and sets the password;`,
    `                      a new one: npm run cli -- user password-link --email ${email})`,
  ];
}

function noAdminLines(workspaceId: string): string[] {
  return [
    '',
    '  No admin account yet (set ADMIN_EMAIL on the first start, or create one):',
    `    npm run cli -- user create --email you@example.com --name 'Your Name' --workspace ${workspaceId} --role admin`,
  ];
}

/** The address to show: PUBLIC_URL when set, else localhost on the port the server actually bound. */
export function firstStartUrl(publicUrl: string, publicUrlConfigured: boolean, boundPort: number): string {
  return publicUrlConfigured ? publicUrl : `http://localhost:${boundPort}`;
}
