import type { VerifiedDomainsResponse } from '@app/contracts/http/member.types';
import { VerifiedDomainsResponseSchema } from '@app/contracts/http/openapi/member.schema';
import { VerifyDomainDto } from '@app/contracts/http/single-sign-on.dto';
import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Auth, type AuthContext } from '../../auth/auth-context';
import { AdminOnly } from '../../common/http/route-access';
import { ApiSuccess } from '../../common/openapi/api-operation.decorators';
import { RemoveDomainCommand, VerifyDomainCommand } from './verified-domain.commands';

/** Admins set the domains whose addresses join the workspace by single sign-on (the list itself is the members' route). */
@Controller('api/w/:wId/verified_domains')
export class VerifiedDomainsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post()
  @HttpCode(200)
  @AdminOnly()
  @ApiSuccess('Verify a domain (admins): its addresses, verified by the sign-on provider, join as users', VerifiedDomainsResponseSchema)
  verify(@Auth() auth: AuthContext, @Body() body: VerifyDomainDto): Promise<VerifiedDomainsResponse> {
    return this.commandBus.execute(new VerifyDomainCommand(auth, body.domain));
  }

  @Delete(':domain')
  @AdminOnly()
  @ApiSuccess('Remove a verified domain (admins); members who joined by it stay members', VerifiedDomainsResponseSchema)
  remove(@Auth() auth: AuthContext, @Param('domain') domain: string): Promise<VerifiedDomainsResponse> {
    return this.commandBus.execute(new RemoveDomainCommand(auth, domain));
  }
}
