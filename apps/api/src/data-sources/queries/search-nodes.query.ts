import type { SearchNodesDto } from '@app/contracts/http/node-search.dto';
import type { SearchNodesResponse } from '@app/contracts/http/node-search.types';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { NodeSearch } from '../node-search';

/** Node search (reference: `searchNodes`, `POST …/search`): the first `limit` matches, and how many there are. */
export class SearchNodesQuery extends Query<SearchNodesResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly body: SearchNodesDto,
  ) {
    super();
  }
}

@QueryHandler(SearchNodesQuery)
export class SearchNodesHandler implements IQueryHandler<SearchNodesQuery> {
  constructor(private readonly nodeSearch: NodeSearch) {}

  async execute({ auth, body }: SearchNodesQuery): Promise<SearchNodesResponse> {
    const nodes = await this.nodeSearch.matching(auth, { ...body, searchSourceUrls: body.searchSourceUrls ?? false });
    return { nodes: nodes.slice(0, body.limit), warningCode: null, resultsCount: nodes.length };
  }
}
