import { NonEmptyText } from './validation/field.decorator';

/** `GET /api/auth/oidc/start`: where the browser comes back to once signed in. */
export class OidcStartQueryDto {
  @NonEmptyText(2048, 'omittable', { example: '/w/abc123/conversations', description: 'A path of this site, starting with a single "/"; left out: "/".' })
  returnTo?: string;
}

/** `POST /api/w/{wId}/verified_domains`: a domain whose addresses, verified by the sign-on provider, join the workspace on their own. */
export class VerifyDomainDto {
  @NonEmptyText(253, 'required', { example: 'example.com' })
  domain!: string;
}
