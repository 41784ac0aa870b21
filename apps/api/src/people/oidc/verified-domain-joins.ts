import type { AccountDocument } from '@app/contracts/read-models/user.read-models';
import { memberKey, type UserDocument, type WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { emailDomainOf } from '@app/domain/workspace/workspace.decide-members';
import { DomainError } from '@app/domain/shared/domain-error';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logger';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { WorkspaceAggregateWriter } from '../../event-sourcing/writing/aggregate-writers';
import { memberIdentityOf } from '../commands/member.commands';

/**
 * Joins a person whose address the sign-on provider verified to every workspace that verified the
 * address's domain, as a `user` (the decider checks the domain again, on the workspace's own state).
 */
@Injectable()
export class VerifiedDomainJoins {
  private readonly log: Logger;

  constructor(
    private readonly readModels: ReadModels,
    private readonly workspaces: WorkspaceAggregateWriter,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.log = logger.child({ component: 'oidc' });
  }

  /** The last log position written, or null when the person joined nothing new. */
  async join(account: Pick<AccountDocument, 'sId' | 'email' | 'fullName'>): Promise<number | null> {
    const domain = emailDomainOf(account.email);
    // No index reads inside a list of domains, and a deployment has few workspaces: read them all.
    const all = await this.readModels.find<WorkspaceDocument>('workspaces', {});
    let position: number | null = null;
    for (const workspace of all.filter((candidate) => candidate.verifiedDomains?.includes(domain))) {
      if (await this.readModels.get<UserDocument>('users', memberKey(workspace.sId, account.sId))) continue;
      try {
        const outcome = await this.workspaces.run(workspace.sId, { type: 'JoinByVerifiedDomain', member: memberIdentityOf(account) }, account.sId);
        position = outcome.position ?? position;
        if (outcome.events.length > 0) this.log.info({ workspaceId: workspace.sId, userId: account.sId, domain }, 'joined a workspace by its verified domain');
      } catch (error) {
        // Refused on the workspace's own state (the domain removed since the read model was read, or
        // an admin removed this person): that workspace is not joined, the sign-in goes on.
        if (!(error instanceof DomainError)) throw error;
      }
    }
    return position;
  }
}
