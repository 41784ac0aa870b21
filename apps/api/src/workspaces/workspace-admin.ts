import type { Region, WorkspaceRole } from '@app/contracts/events/workspace.events';
import { workspaceDecider } from '@app/domain/workspace/workspace.decider';
import { toWorkspaceStreamName } from '@app/domain/workspace/workspace.stream';
import type { CommandExecutor } from '../application/command-executor';
import { hashApiKeySecret, newApiKeySecret, newPrefixedId, newSId } from '../common/ids';

export interface CreatedWorkspace {
  readonly workspaceId: string;
  readonly apiKey: string;
  readonly position: number;
}

/** Creates a workspace with its spaces and an admin key; the secret is returned, never stored. */
export async function createWorkspace(
  executor: CommandExecutor,
  input: { name: string; region: Region; now: number },
): Promise<CreatedWorkspace> {
  const workspaceId = newSId();
  const stream = toWorkspaceStreamName(workspaceId);
  const context = { actor: 'system' };
  await executor.execute(
    workspaceDecider,
    stream,
    {
      type: 'CreateWorkspace',
      workspaceId,
      name: input.name,
      region: input.region,
      globalSpaceId: newPrefixedId('vlt'),
      conversationsSpaceId: newPrefixedId('vlt'),
      now: input.now,
    },
    context,
  );
  const { apiKey, position } = await createApiKey(executor, { workspaceId, role: 'admin', email: null, now: input.now });
  return { workspaceId, apiKey, position };
}

/** Creates an API key of a role, optionally bound to a member (who joins the workspace if new). */
export async function createApiKey(
  executor: CommandExecutor,
  input: { workspaceId: string; role: WorkspaceRole; email: string | null; now: number },
): Promise<{ apiKey: string; keyId: string; position: number }> {
  const apiKey = newApiKeySecret();
  const keyId = newPrefixedId('key');
  const outcome = await executor.execute(
    workspaceDecider,
    toWorkspaceStreamName(input.workspaceId),
    {
      type: 'CreateApiKey',
      keyId,
      secretHash: hashApiKeySecret(apiKey),
      role: input.role,
      user: input.email ? { email: input.email, newUserId: newSId() } : null,
      now: input.now,
    },
    { actor: 'system' },
  );
  return { apiKey, keyId, position: outcome.position ?? 0 };
}
