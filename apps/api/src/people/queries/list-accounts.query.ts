import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { AccountDocument } from '@app/contracts/read-models/user.read-models';
import type { UserDocument } from '@app/contracts/read-models/workspace.read-models';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/** An account as the administration CLI lists it: never a password hash (those are in another read model). */
export interface AccountSummary {
  readonly userId: string;
  readonly email: string;
  readonly fullName: string;
  readonly createdAt: string;
  readonly lastLoginAt: string | null;
  /** The workspaces the person is a member of, with their role in each, oldest membership first. */
  readonly workspaces: ReadonlyArray<{ readonly workspaceId: string; readonly role: WorkspaceRole }>;
}

/** Every account of the deployment, oldest first (administration, not exposed over HTTP). */
export class ListAccountsQuery extends Query<AccountSummary[]> {}

@QueryHandler(ListAccountsQuery)
export class ListAccountsHandler implements IQueryHandler<ListAccountsQuery> {
  constructor(private readonly readModels: ReadModels) {}

  async execute(_query: ListAccountsQuery): Promise<AccountSummary[]> {
    const [accounts, memberships] = await Promise.all([
      this.readModels.find<AccountDocument>('accounts', { sort: [{ field: 'createdAt', direction: 'asc' }] }),
      this.readModels.find<UserDocument>('users', { sort: [{ field: 'createdAt', direction: 'asc' }] }),
    ]);
    const byUser = new Map<string, UserDocument[]>();
    for (const membership of memberships) byUser.set(membership.sId, [...(byUser.get(membership.sId) ?? []), membership]);
    return accounts.map((account) => ({
      userId: account.sId,
      email: account.email,
      fullName: account.fullName,
      createdAt: new Date(account.createdAt).toISOString(),
      lastLoginAt: account.lastLoginAt === null ? null : new Date(account.lastLoginAt).toISOString(),
      workspaces: (byUser.get(account.sId) ?? []).map((membership) => ({ workspaceId: membership.workspaceId, role: membership.role })),
    }));
  }
}
