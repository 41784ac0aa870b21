import type { ApiKeySummary } from '@app/contracts/http/api-key.types';
import { memberKey, type ApiKeyDocument, type UserDocument, type WorkspaceDocument } from '@app/contracts/read-models/workspace.read-models';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ApiKeyUsage } from '../../auth/api-key-usage';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';

/** The live keys of a workspace, oldest first (the CLI's `key list`, and admins at `GET /api/w/{wId}/keys`). */
export class ListApiKeysQuery extends Query<ApiKeySummary[]> {
  constructor(readonly workspaceId: string) {
    super();
  }
}

@QueryHandler(ListApiKeysQuery)
export class ListApiKeysHandler implements IQueryHandler<ListApiKeysQuery> {
  constructor(
    private readonly readModels: ReadModels,
    private readonly usage: ApiKeyUsage,
  ) {}

  async execute({ workspaceId }: ListApiKeysQuery): Promise<ApiKeySummary[]> {
    if (!(await this.readModels.get<WorkspaceDocument>('workspaces', workspaceId))) {
      throw new ApiError('workspace_not_found', 'The workspace was not found.');
    }
    const keys = await this.readModels.find<ApiKeyDocument>('apiKeys', {
      where: { workspaceId },
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
    const userIds = [...new Set(keys.flatMap((key) => (key.userId ? [key.userId] : [])))];
    const [users, lastUsed] = await Promise.all([
      this.readModels.getMany<UserDocument>('users', userIds.map((userId) => memberKey(workspaceId, userId))),
      this.usage.lastUsed(keys.map((key) => key.keyId)),
    ]);
    return keys.map((key) => {
      const lastUsedAt = lastUsed.get(key.keyId);
      return {
        keyId: key.keyId,
        prefix: key.secretPrefix ?? null,
        role: key.role,
        user: key.userId ? (users.get(memberKey(workspaceId, key.userId))?.email ?? null) : null,
        createdAt: new Date(key.createdAt).toISOString(),
        lastUsedAt: lastUsedAt === undefined ? null : new Date(lastUsedAt).toISOString(),
      };
    });
  }
}
