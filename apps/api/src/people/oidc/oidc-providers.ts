import { AuthSecret } from './auth-secret';
import { CompleteOidcSignInHandler } from './complete-oidc-sign-in.command';
import { OidcClient } from './oidc-client';
import { OidcController } from './oidc.controller';
import { OidcFlows } from './oidc-flows';
import { GetSignInProvidersHandler } from './sign-in-providers.query';
import { StartOidcSignInHandler } from './start-oidc-sign-in.command';
import { RemoveDomainHandler, VerifiedDomainsWriter, VerifyDomainHandler } from './verified-domain.commands';
import { VerifiedDomainJoins } from './verified-domain-joins';
import { VerifiedDomainsController } from './verified-domains.controller';

// Single sign-on and the verified domains it joins people by, registered by PeopleModule.

export const OIDC_CONTROLLERS = [OidcController, VerifiedDomainsController];

export const OIDC_PROVIDERS = [
  AuthSecret,
  OidcClient,
  OidcFlows,
  VerifiedDomainJoins,
  VerifiedDomainsWriter,
  StartOidcSignInHandler,
  CompleteOidcSignInHandler,
  GetSignInProvidersHandler,
  VerifyDomainHandler,
  RemoveDomainHandler,
];
