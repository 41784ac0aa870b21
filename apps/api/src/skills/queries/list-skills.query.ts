import type { SkillListStatus } from '@app/contracts/http/skill.dto';
import type { ListSkillConfigurationsResponse } from '@app/contracts/http/skill.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { SkillReader } from '../skill-reader';

/** The workspace's skills of one status (`active` by default) that the caller reads, oldest first. */
export class ListSkillsQuery extends Query<ListSkillConfigurationsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly status: SkillListStatus,
  ) {
    super();
  }
}

@QueryHandler(ListSkillsQuery)
export class ListSkillsHandler implements IQueryHandler<ListSkillsQuery> {
  constructor(private readonly reader: SkillReader) {}

  async execute({ auth, status }: ListSkillsQuery): Promise<ListSkillConfigurationsResponse> {
    const docs = (await this.reader.list(auth)).filter((doc) => doc.status === status);
    return { skillConfigurations: await this.reader.renderMany(auth, docs) };
  }
}
