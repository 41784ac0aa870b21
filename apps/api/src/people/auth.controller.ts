import { SignInDto, UseSignInLinkDto } from '@app/contracts/http/auth.dto';
import type { ListSessionsResponse, SessionResponse } from '@app/contracts/http/auth.types';
import { ListSessionsResponseSchema, SessionSchema } from '@app/contracts/http/openapi/people.schema';
import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { Person, type PersonContext } from '../auth/auth-context';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie';
import { PersonAccountRoute, PersonRoute, PublicRoute } from '../common/http/route-access';
import { ApiNoContent, ApiSuccess } from '../common/openapi/api-operation.decorators';
import { clientAddressKey } from '../rate-limits/client-address';
import { SignInWithPasswordCommand, type SignedIn } from './commands/sign-in.command';
import { SignOutCommand } from './commands/sign-out.command';
import { UseSignInLinkCommand } from './commands/use-sign-in-link.command';
import { GetSessionQuery, ListSessionsQuery } from './queries/account.queries';

/** The User-Agent a session is listed with (bounded: it is the client's to write). */
export function userAgentOf(request: ExpressRequest): string | null {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' && agent.length > 0 ? agent.slice(0, 256) : null;
}

/**
 * Signing in and out of a browser session (`/api/auth/*`): the answers set or clear the session
 * cookie; the sign-in answers carry the CSRF token the page sends back on every write.
 */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Post('sign-in')
  @HttpCode(200)
  @PublicRoute()
  @ApiSuccess('Sign in with email and password: sets the session cookie', SessionSchema)
  async signIn(@Body() body: SignInDto, @Req() request: ExpressRequest, @Res({ passthrough: true }) response: ExpressResponse): Promise<SessionResponse> {
    const signed = await this.commandBus.execute(new SignInWithPasswordCommand(body.email, body.password, clientAddressKey(request.ip), userAgentOf(request)));
    return withCookie(signed, request, response);
  }

  @Post('links/use')
  @HttpCode(200)
  @PublicRoute()
  @ApiSuccess('Use a sign-in or password-reset link (its token, and a new password): sets the session cookie', SessionSchema)
  async useLink(@Body() body: UseSignInLinkDto, @Req() request: ExpressRequest, @Res({ passthrough: true }) response: ExpressResponse): Promise<SessionResponse> {
    const signed = await this.commandBus.execute(new UseSignInLinkCommand(body.token, body.password ?? null, userAgentOf(request)));
    return withCookie(signed, request, response);
  }

  @Get('session')
  @PersonRoute()
  @ApiSuccess('The signed-in session: the user, their workspaces and the CSRF token', SessionSchema)
  session(@Person() person: PersonContext): Promise<SessionResponse> {
    return this.queryBus.execute(new GetSessionQuery(person));
  }

  @Post('sign-out')
  @HttpCode(204)
  @PersonRoute()
  @ApiNoContent('End this session and clear its cookie')
  async signOut(@Person() person: PersonContext, @Req() request: ExpressRequest, @Res({ passthrough: true }) response: ExpressResponse): Promise<void> {
    await this.commandBus.execute(new SignOutCommand(person, { kind: 'current' }));
    clearSessionCookie(request, response);
  }

  @Post('sign-out-everywhere')
  @HttpCode(204)
  @PersonAccountRoute()
  @ApiNoContent('End every session of the caller')
  async signOutEverywhere(@Person() person: PersonContext, @Req() request: ExpressRequest, @Res({ passthrough: true }) response: ExpressResponse): Promise<void> {
    await this.commandBus.execute(new SignOutCommand(person, { kind: 'everywhere' }));
    clearSessionCookie(request, response);
  }

  @Get('sessions')
  @PersonAccountRoute()
  @ApiSuccess("The caller's live sessions", ListSessionsResponseSchema)
  sessions(@Person() person: PersonContext): Promise<ListSessionsResponse> {
    return this.queryBus.execute(new ListSessionsQuery(person));
  }

  @Post('sessions/:sessionId/revoke')
  @HttpCode(204)
  @PersonAccountRoute()
  @ApiNoContent("End one of the caller's sessions")
  async revokeSession(@Person() person: PersonContext, @Param('sessionId') sessionId: string): Promise<void> {
    await this.commandBus.execute(new SignOutCommand(person, { kind: 'session', sessionId }));
  }
}

function withCookie(signed: SignedIn, request: ExpressRequest, response: ExpressResponse): SessionResponse {
  setSessionCookie(request, response, signed.secret, signed.response.expiresAt);
  return signed.response;
}
