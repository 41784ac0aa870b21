import type { VerifiedDomainsResponse } from '@app/contracts/http/member.types';
import type { WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import type { RemoveDomain, VerifyDomain } from '@app/domain/workspace/workspace.commands';
import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import type { CommandInput } from '../../event-sourcing/writing/aggregate-writer';
import { WorkspaceAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { ListVerifiedDomainsQuery } from '../members/queries/member.queries';

// An admin's verified domains: a person whose address of such a domain the sign-on provider
// verifies joins the workspace as a `user` at their next single sign-on. Answered with the list as
// the read models show it after the change (the sign-on that follows sees it too).

/** `POST /api/w/{wId}/verified_domains`: the decider refuses what is not a host name (400). */
export class VerifyDomainCommand extends Command<VerifiedDomainsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly domain: string,
  ) {
    super();
  }
}

/** `DELETE /api/w/{wId}/verified_domains/{domain}`: members who joined by it stay members. */
export class RemoveDomainCommand extends Command<VerifiedDomainsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly domain: string,
  ) {
    super();
  }
}

/** Runs a domain command on the caller's workspace, waits for the read models, answers the list. */
@Injectable()
export class VerifiedDomainsWriter {
  constructor(
    private readonly workspaces: WorkspaceAggregateWriter,
    private readonly readModels: ReadModels,
    private readonly queryBus: QueryBus,
  ) {}

  async write(auth: AuthContext, command: CommandInput<VerifyDomain | RemoveDomain>): Promise<VerifiedDomainsResponse> {
    const workspaceId = auth.workspace.sId;
    const outcome = await this.workspaces.run(workspaceId, command, auth);
    if (outcome.position !== null) await this.readModels.waitFor(outcome.position);
    const workspace = await this.readModels.get<WorkspaceDocument>('workspaces', workspaceId);
    if (!workspace) throw new ApiError('workspace_not_found', 'The workspace was not found.');
    return this.queryBus.execute(new ListVerifiedDomainsQuery(workspace));
  }
}

@CommandHandler(VerifyDomainCommand)
export class VerifyDomainHandler implements ICommandHandler<VerifyDomainCommand> {
  constructor(private readonly domains: VerifiedDomainsWriter) {}

  execute({ auth, domain }: VerifyDomainCommand): Promise<VerifiedDomainsResponse> {
    return this.domains.write(auth, { type: 'VerifyDomain', domain });
  }
}

@CommandHandler(RemoveDomainCommand)
export class RemoveDomainHandler implements ICommandHandler<RemoveDomainCommand> {
  constructor(private readonly domains: VerifiedDomainsWriter) {}

  execute({ auth, domain }: RemoveDomainCommand): Promise<VerifiedDomainsResponse> {
    return this.domains.write(auth, { type: 'RemoveDomain', domain });
  }
}
