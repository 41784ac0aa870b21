import type { ProjectMetadataResponse } from '@app/contracts/http/project.types';
import { memberKey, type SpaceDocument, type UserDocument } from '@app/contracts/read-models/workspace.read-models';
import { serializeMention } from '@app/domain/conversation/mention-markdown';
import type { ReadModels } from '../event-sourcing/reading/read-models';

/** A project's metadata with its members written as mentions (name, else email), as the real service lists them. */
export async function renderProjectMetadata(
  readModels: ReadModels,
  space: SpaceDocument & { project: NonNullable<SpaceDocument['project']> },
): Promise<ProjectMetadataResponse> {
  const memberIds = space.memberIds ?? [];
  const users = await readModels.getMany<UserDocument>('users', memberIds.map((id) => memberKey(space.workspaceId, id)));
  const members = memberIds.flatMap((id) => {
    const user = users.get(memberKey(space.workspaceId, id));
    return user ? [serializeMention({ id, type: 'user', label: user.fullName || user.email })] : [];
  });
  const { project } = space;
  return { sId: project.sId, createdAt: project.createdAt, updatedAt: project.updatedAt, spaceId: space.sId, description: project.description, members };
}
