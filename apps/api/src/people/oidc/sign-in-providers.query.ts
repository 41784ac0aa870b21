import type { SignInProvidersResponse } from '@app/contracts/http/single-sign-on.types';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';

/** The ways to sign in a sign-in page offers: always a password, single sign-on when configured. */
export class GetSignInProvidersQuery extends Query<SignInProvidersResponse> {}

@QueryHandler(GetSignInProvidersQuery)
export class GetSignInProvidersHandler implements IQueryHandler<GetSignInProvidersQuery> {
  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {}

  execute(): Promise<SignInProvidersResponse> {
    const { oidc } = this.config.people;
    return Promise.resolve({ password: true, oidc: oidc ? { label: oidc.label } : null });
  }
}
