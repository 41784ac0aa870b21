// oidc-provider ships no types: what the tests' provider uses of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    readonly accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    readonly clients: ReadonlyArray<Record<string, unknown>>;
    readonly claims?: Readonly<Record<string, readonly string[]>>;
    readonly cookies?: { readonly keys: readonly string[] };
    readonly jwks?: { readonly keys: readonly object[] };
    readonly ttl?: Readonly<Record<string, number>>;
    readonly pkce?: { readonly required: () => boolean };
    findAccount(context: unknown, accountId: string): Promise<Account | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
