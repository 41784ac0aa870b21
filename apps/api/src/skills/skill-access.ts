import type { SkillDocument } from '@app/contracts/read-models/skill.read-models';
import { memberKey, type SpaceDocument, type UserDocument } from '@app/contracts/read-models/workspace.read-models';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../common/http/api-error';
import { ReadModels } from '../event-sourcing/reading/read-models';

/** Who reads a skill: a role in the workspace (null: none) and the member, if any. */
export interface SkillReader {
  readonly workspaceId: string;
  readonly role: string | null;
  readonly userId: string | null;
}

export const skillNotFound = (): ApiError => new ApiError('skill_not_found', 'The skill you requested was not found.');

export function readerOf(auth: AuthContext): SkillReader {
  return { workspaceId: auth.workspace.sId, role: auth.role, userId: auth.user?.sId ?? null };
}

/** Whether `reader` may read the skill `doc` (see SkillAccess); also decides who reads its attached files. */
export async function mayReadSkill(readModels: ReadModels, reader: SkillReader, doc: SkillDocument): Promise<boolean> {
  if (doc.workspaceId !== reader.workspaceId) return false;
  if (reader.role === 'admin') return true;
  if (reader.userId !== null && doc.definition.editorIds.includes(reader.userId)) return true;
  const spaceIds = doc.definition.requestedSpaceIds;
  if (spaceIds.length === 0) return true;
  const spaces = await readModels.getMany<SpaceDocument>('spaces', spaceIds);
  return spaceIds.every((id) => {
    const space = spaces.get(id);
    if (!space || space.workspaceId !== reader.workspaceId) return false;
    return !space.isRestricted || (reader.userId !== null && (space.memberIds ?? []).includes(reader.userId));
  });
}

/**
 * Who may read and change a skill. Reading follows the spaces the skill requests (its own and those
 * of its views): admins read every skill, its editors read it, anyone else needs to see each of
 * those spaces. A skill the caller may not read answers exactly like one that does not exist, and
 * so do its attached files (spec 4.7, 5.5). Changing a skill takes an admin or one of its editors.
 */
@Injectable()
export class SkillAccess {
  constructor(private readonly readModels: ReadModels) {}

  /** The skill if `reader` may read it, else 404 `skill_not_found`. */
  async readable(reader: SkillReader, skillId: string): Promise<SkillDocument> {
    const doc = await this.readModels.get<SkillDocument>('skills', skillId);
    if (!doc || !(await this.mayRead(reader, doc))) throw skillNotFound();
    return doc;
  }

  /** The skill if `auth` may change it: 404 when it may not read it, 403 when it reads but may not write. */
  async writable(auth: AuthContext, skillId: string): Promise<SkillDocument> {
    const doc = await this.readable(readerOf(auth), skillId);
    if (!this.mayWrite(auth, doc)) throw new ApiError('workspace_auth_error', 'Only the workspace admins and the editors of this skill can change it.', 403);
    return doc;
  }

  mayWrite(auth: AuthContext, doc: SkillDocument): boolean {
    return auth.role === 'admin' || (auth.user !== null && doc.definition.editorIds.includes(auth.user.sId));
  }

  mayRead(reader: SkillReader, doc: SkillDocument): Promise<boolean> {
    return mayReadSkill(this.readModels, reader, doc);
  }

  /** The member's role in the workspace, for readers known by user id only (an agent run). */
  async runReader(workspaceId: string, userId: string | null): Promise<SkillReader> {
    if (userId === null) return { workspaceId, role: null, userId: null };
    const user = await this.readModels.get<UserDocument>('users', memberKey(workspaceId, userId));
    return { workspaceId, role: user && user.workspaceId === workspaceId ? user.role : null, userId };
  }

  /** The readable ones of `skillIds`, archived skills left out, in the order given. */
  async readableActive(reader: SkillReader, skillIds: readonly string[]): Promise<SkillDocument[]> {
    const ids = [...new Set(skillIds)];
    if (ids.length === 0) return [];
    const docs = await this.readModels.getMany<SkillDocument>('skills', ids);
    const readable: SkillDocument[] = [];
    for (const id of ids) {
      const doc = docs.get(id);
      if (doc && doc.status === 'active' && (await this.mayRead(reader, doc))) readable.push(doc);
    }
    return readable;
  }
}
