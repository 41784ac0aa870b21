import type { ParseMentionsResponse } from '@app/contracts/http/mention-suggestions.types';
import { parseMentions } from '@app/domain/conversation/mention-markdown';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AgentDirectory } from '../../agents/directory/agent-directory.service';
import { viewerOf } from '../../agents/configurations/agent-configuration-writer';
import type { AuthContext } from '../../auth/auth-context';

/**
 * Turns `@name` of the agents the caller can mention into mentions. Members are not matched, as on
 * the real service, which leaves them out so that pasted text does not notify people by surprise.
 */
export class ParseMentionsQuery extends Query<ParseMentionsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly markdown: string,
  ) {
    super();
  }
}

@QueryHandler(ParseMentionsQuery)
export class ParseMentionsHandler implements IQueryHandler<ParseMentionsQuery> {
  constructor(private readonly directory: AgentDirectory) {}

  async execute({ auth, markdown }: ParseMentionsQuery): Promise<ParseMentionsResponse> {
    const agents = await this.directory.list(auth.workspace, 'all', viewerOf(auth));
    const names = agents.filter((agent) => agent.status === 'active').map((agent) => ({ id: agent.sId, type: 'agent' as const, label: agent.name }));
    return { markdown: parseMentions(markdown, names) };
  }
}
