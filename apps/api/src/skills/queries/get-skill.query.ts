import type { SkillConfigurationEnvelope } from '@app/contracts/http/skill.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { SkillReader } from '../skill-reader';

/** One skill the caller reads (archived ones too); any other answers 404 `skill_not_found`. */
export class GetSkillQuery extends Query<SkillConfigurationEnvelope> {
  constructor(
    readonly auth: AuthContext,
    readonly skillId: string,
  ) {
    super();
  }
}

@QueryHandler(GetSkillQuery)
export class GetSkillHandler implements IQueryHandler<GetSkillQuery> {
  constructor(private readonly reader: SkillReader) {}

  async execute({ auth, skillId }: GetSkillQuery): Promise<SkillConfigurationEnvelope> {
    return { skillConfiguration: await this.reader.rendered(auth, skillId, null) };
  }
}
