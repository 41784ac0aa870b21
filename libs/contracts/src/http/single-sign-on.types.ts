/** `GET /api/auth/providers`: the ways to sign in that a sign-in page offers. */
export interface SignInProvidersResponse {
  readonly password: true;
  /** Single sign-on with the configured OpenID Connect provider, under the label its button shows; null when not configured. */
  readonly oidc: { readonly label: string } | null;
}
