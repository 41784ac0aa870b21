import { OidcStartQueryDto } from '@app/contracts/http/single-sign-on.dto';
import { SignInProvidersSchema } from '@app/contracts/http/openapi/people.schema';
import type { SignInProvidersResponse } from '@app/contracts/http/single-sign-on.types';
import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { setSessionCookie } from '../../auth/session-cookie';
import { PublicRoute } from '../../common/http/route-access';
import { ApiRedirect, ApiSuccess } from '../../common/openapi/api-operation.decorators';
import { userAgentOf } from '../auth.controller';
import { CompleteOidcSignInCommand } from './complete-oidc-sign-in.command';
import { clearOidcFlowCookie, oidcFlowCookieOf, setOidcFlowCookie } from './oidc-flow';
import { GetSignInProvidersQuery } from './sign-in-providers.query';
import { StartOidcSignInCommand } from './start-oidc-sign-in.command';

/**
 * Single sign-on with the configured OpenID Connect provider, as a browser goes through it: start
 * (off to the provider), callback (back, signed in, on to `returnTo`). A refusal is the error
 * envelope with a 4xx (400: not this browser's flow; 401: the provider did not sign the person
 * in or vouch for their address; 404: not configured), 503 when the provider does not answer.
 */
@Controller('api/auth')
export class OidcController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get('providers')
  @PublicRoute()
  @ApiSuccess('The ways to sign in: password, and single sign-on with its label when configured', SignInProvidersSchema)
  providers(): Promise<SignInProvidersResponse> {
    return this.queryBus.execute(new GetSignInProvidersQuery());
  }

  @Get('oidc/start')
  @PublicRoute()
  @ApiRedirect('Begin single sign-on: redirects to the OpenID Connect provider', 'To the provider, with the flow kept in an HTTP-only cookie for 10 minutes.')
  async start(@Query() query: OidcStartQueryDto, @Req() request: ExpressRequest, @Res() response: ExpressResponse): Promise<void> {
    const started = await this.commandBus.execute(new StartOidcSignInCommand(query.returnTo ?? '/'));
    setOidcFlowCookie(request, response, started.sealedFlow);
    response.setHeader('Cache-Control', 'no-store').redirect(302, started.authorizationUrl);
  }

  @Get('oidc/callback')
  @PublicRoute()
  @ApiRedirect("The provider's answer: signs the person in and redirects", 'To `returnTo`, signed in: the session cookie is set.')
  async callback(@Req() request: ExpressRequest, @Res() response: ExpressResponse): Promise<void> {
    // A flow is used once, whatever comes of it.
    clearOidcFlowCookie(request, response);
    const query = new URL(request.originalUrl, 'http://callback.invalid').searchParams;
    const signedOn = await this.commandBus.execute(new CompleteOidcSignInCommand(query, oidcFlowCookieOf(request), userAgentOf(request)));
    setSessionCookie(request, response, signedOn.secret, signedOn.expiresAt);
    response.setHeader('Cache-Control', 'no-store').redirect(302, signedOn.returnTo);
  }
}
