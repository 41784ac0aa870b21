import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

// A real OpenID Connect provider (oidc-provider) in the test's process, and a browser that goes
// through it over HTTP: redirects followed by hand, cookies kept per host (as browsers keep them:
// the port does not count), the provider's development login and consent pages filled in.

/** The claims the provider gives about a person, by the login typed on its page. */
export type PersonClaims = Readonly<Record<string, unknown>>;

export interface TestOidcProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Who may sign in at the provider, by the login typed on its page. */
  readonly people: Map<string, PersonClaims>;
  close(): Promise<void>;
}

/** Starts the provider (on `port`, any free one by default) with one confidential client whose only redirect URI is `redirectUri`. */
export async function startOidcProvider(redirectUri: string, port = 0): Promise<TestOidcProvider> {
  const people = new Map<string, PersonClaims>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the provider has no address');
  const issuer = `http://127.0.0.1:${address.port}`;
  const clientId = 'workspace-service';
  const clientSecret = 'a-client-secret-of-the-test-provider';
  const provider = quietly(() => new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], response_types: ['code'], grant_types: ['authorization_code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'picture'] },
    cookies: { keys: ['cookie-key-of-the-test-provider'] },
    jwks: { keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    pkce: { required: () => true },
    async findAccount(_context, login) {
      const claims = people.get(login);
      if (!claims) return undefined;
      return { accountId: login, claims: async () => ({ ...claims, sub: login }) };
    },
  }));
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** One answer the browser got, before following it. */
export interface Visit {
  readonly url: URL;
  readonly status: number;
  readonly location: string | null;
  readonly setCookies: readonly string[];
  readonly text: string;
}

/** What the person does on the provider's pages. */
export interface AtTheProvider {
  /** The login typed on the sign-in page. */
  readonly login: string;
  /** Cancel on the sign-in page instead of signing in. */
  readonly cancel?: boolean;
}

/** A browser: a cookie jar per host, redirects followed one by one. */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  /** GET or POST `url` once, with the host's cookies, keeping those it sets. */
  async visit(url: URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Visit> {
    const headers: Record<string, string> = {};
    const cookies = this.cookiesOf(url.hostname);
    if (cookies) headers.cookie = cookies;
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) this.keep(url.hostname, line);
    return { url, status: response.status, location: response.headers.get('location'), setCookies, text: await response.text() };
  }

  /**
   * Follows redirects from `start`, signing in at the provider's pages as `person` says, until an
   * answer comes from `stopAt` (an origin and path prefix of the api): that answer is returned.
   * `beforeStop` may change where the last request goes, as a person editing the address would.
   */
  async goThrough(start: URL, person: AtTheProvider, stopAt: URL, beforeStop: (url: URL) => URL = (url) => url): Promise<Visit> {
    let next: { url: URL; method?: string; form?: Record<string, string> } = { url: start };
    for (let step = 0; step < 20; step++) {
      const stopping = next.url.origin === stopAt.origin && next.url.pathname.startsWith(stopAt.pathname) && next.url.href !== start.href;
      const visit = await this.visit(stopping ? beforeStop(next.url) : next.url, next);
      if (stopping) return visit;
      if (visit.status >= 300 && visit.status < 400 && visit.location) {
        next = { url: new URL(visit.location, visit.url) };
        continue;
      }
      if (visit.status !== 200) throw new Error(`${visit.url.href} answered ${visit.status}: ${visit.text.slice(0, 300)}`);
      next = this.fillIn(visit, person);
    }
    throw new Error('too many redirects');
  }

  /** The cookie `name` the browser holds for `host`. */
  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  setCookie(host: string, name: string, value: string): void {
    this.jar.set(host, (this.jar.get(host) ?? new Map()).set(name, value));
  }

  /** The provider's sign-in page (login and any password), or its consent page (continue). */
  private fillIn(page: Visit, person: AtTheProvider): { url: URL; method?: string; form?: Record<string, string> } {
    if (person.cancel) {
      const cancel = /<a href="([^"]+)">\[ Cancel \]<\/a>/.exec(page.text)?.[1];
      if (!cancel) throw new Error(`no cancel link on ${page.url.href}`);
      return { url: new URL(decodeEntities(cancel), page.url) };
    }
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post">([\s\S]*?)<\/form>/.exec(page.text);
    if (!form?.[1] || form[2] === undefined) throw new Error(`no form on ${page.url.href}: ${page.text.slice(0, 300)}`);
    const fields: Record<string, string> = {};
    for (const input of form[2].matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g)) {
      const name = input[1] ?? '';
      const value = /value="([^"]*)"/.exec(input[0])?.[1];
      fields[name] = name === 'login' ? person.login : name === 'password' ? 'any password' : decodeEntities(value ?? '');
    }
    return { url: new URL(decodeEntities(form[1]), page.url), method: 'POST', form: fields };
  }

  private cookiesOf(host: string): string {
    return [...(this.jar.get(host) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(host: string, line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const equals = pair.indexOf('=');
    const name = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim();
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
    if (expired || value === '') cookies.delete(name);
    else cookies.set(name, value);
    this.jar.set(host, cookies);
  }
}

/** Builds the provider without its warnings about the development-only parts a test means to use (memory adapter, development pages). */
function quietly<T>(build: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: a quick start development-only')) return;
    warn(...args);
  };
  try {
    return build();
  } finally {
    console.warn = warn;
  }
}

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&#x2F;/g, '/').replace(/&#x3D;/g, '=').replace(/&quot;/g, '"');
}
