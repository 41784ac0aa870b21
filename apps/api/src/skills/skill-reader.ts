import type { SkillConfiguration } from '@app/contracts/http/skill.types';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import type { SkillDocument } from '@app/contracts/read-models/skill.read-models';
import { Injectable } from '@nestjs/common';
import type { AuthContext } from '../auth/auth-context';
import { ReadModels } from '../event-sourcing/reading/read-models';
import { readerOf, SkillAccess } from './skill-access';
import { factsOf, renderSkill } from './skill-render';

/** Skills as the caller may read them, rendered with their files' names. */
@Injectable()
export class SkillReader {
  constructor(
    private readonly readModels: ReadModels,
    private readonly access: SkillAccess,
  ) {}

  /** The skill as written by a command at `position` (read your writes). */
  async rendered(auth: AuthContext, skillId: string, position: number | null): Promise<SkillConfiguration> {
    if (position !== null) await this.readModels.waitFor(position);
    const [skill] = await this.renderMany(auth, [await this.access.readable(readerOf(auth), skillId)]);
    return skill;
  }

  async renderMany(auth: AuthContext, docs: readonly SkillDocument[]): Promise<SkillConfiguration[]> {
    const files = await this.readModels.getMany<FileDocument>('files', docs.flatMap((doc) => doc.definition.fileIds));
    return docs.map((doc) => renderSkill(factsOf(doc, this.access.mayWrite(auth, doc)), doc.definition, files));
  }

  /** The workspace's skills the caller reads, oldest first. */
  async list(auth: AuthContext): Promise<SkillDocument[]> {
    const docs = await this.readModels.find<SkillDocument>('skills', { where: { workspaceId: auth.workspace.sId }, sort: [{ field: 'createdAt', direction: 'asc' }] });
    const reader = readerOf(auth);
    const readable: SkillDocument[] = [];
    for (const doc of docs) if (await this.access.mayRead(reader, doc)) readable.push(doc);
    return readable;
  }

  /** The live (not archived) skill named `name` (any case), if any. */
  async activeNamed(workspaceId: string, name: string): Promise<SkillDocument | null> {
    const docs = await this.readModels.find<SkillDocument>('skills', { where: { workspaceId, nameKey: name.trim().toLowerCase() } });
    return docs.find((doc) => doc.status !== 'archived') ?? null;
  }
}
