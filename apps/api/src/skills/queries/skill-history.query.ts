import type { SkillHistoryResponse } from '@app/contracts/http/skill.types';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import type { SkillVersionDocument } from '@app/contracts/read-models/skill.read-models';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { readerOf, SkillAccess } from '../skill-access';
import { renderSkill } from '../skill-render';

/** Every saved version of a skill the caller reads, newest first, each rendered whole. */
export class SkillHistoryQuery extends Query<SkillHistoryResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly skillId: string,
  ) {
    super();
  }
}

@QueryHandler(SkillHistoryQuery)
export class SkillHistoryHandler implements IQueryHandler<SkillHistoryQuery> {
  constructor(
    private readonly access: SkillAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ auth, skillId }: SkillHistoryQuery): Promise<SkillHistoryResponse> {
    const doc = await this.access.readable(readerOf(auth), skillId);
    const versions = await this.readModels.find<SkillVersionDocument>('skillVersions', { where: { skillId }, sort: [{ field: 'version', direction: 'desc' }] });
    const files = await this.readModels.getMany<FileDocument>('files', versions.flatMap((version) => version.definition.fileIds));
    const canWrite = this.access.mayWrite(auth, doc);
    return {
      history: versions.map((version) => ({
        version: version.version,
        status: version.status,
        savedAt: version.savedAt,
        savedBy: version.savedBy,
        skillConfiguration: renderSkill(
          { id: doc.id, sId: doc.sId, version: version.version, status: version.status, createdAt: doc.createdAt, updatedAt: version.savedAt, authorId: doc.createdBy, canWrite },
          version.definition,
          files,
        ),
      })),
    };
  }
}
