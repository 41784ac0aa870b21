import type { SignInDto, UseSignInLinkDto } from '@app/contracts/http/auth.dto';
import type { SessionResponse } from '@app/contracts/http/auth.types';
import type { SignInProvidersResponse } from '@app/contracts/http/single-sign-on.types';
import type { ApiClient } from './api-client';

/**
 * The account routes (`/api/auth/…`) a page signs in and out with. Each answer that opens a
 * session hands its CSRF token to the client, which sends it on every write after.
 */
export class AuthApi {
  constructor(private readonly client: ApiClient) {}

  /** The signed-in session; an ApiError with status 401 when there is none. */
  async session(): Promise<SessionResponse> {
    return this.opened(await this.client.get<SessionResponse>('/api/auth/session'));
  }

  async signIn(body: SignInDto): Promise<SessionResponse> {
    return this.opened(await this.client.post<SessionResponse>('/api/auth/sign-in', body));
  }

  /** Uses a sign-in or password-reset link's token (from the URL fragment), setting a new password. */
  async useLink(body: UseSignInLinkDto): Promise<SessionResponse> {
    return this.opened(await this.client.post<SessionResponse>('/api/auth/links/use', body));
  }

  async signOut(): Promise<void> {
    try {
      await this.client.post<void>('/api/auth/sign-out');
    } finally {
      this.client.useCsrfToken(null);
    }
  }

  providers(): Promise<SignInProvidersResponse> {
    return this.client.get<SignInProvidersResponse>('/api/auth/providers');
  }

  private opened(session: SessionResponse): SessionResponse {
    this.client.useCsrfToken(session.csrfToken);
    return session;
  }
}

/** Where the single sign-on button sends the browser: the provider, then back to `returnTo` signed in. */
export function oidcStartUrl(returnTo: string): string {
  return `/api/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`;
}
