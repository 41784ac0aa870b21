import type { LightAgentConfiguration } from '@app/contracts/http/conversation.types';
import type { MentionSelection } from '@app/contracts/http/mention-suggestions.dto';
import type { GetMentionSuggestionsResponse, MentionSuggestion } from '@app/contracts/http/mention-suggestions.types';
import type { AgentUsageDocument } from '@app/contracts/read-models/agent-configuration.read-models';
import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import type { UserDocument } from '@app/contracts/read-models/workspace.read-models';
import { MENTION_SUGGESTION_LIMIT, rankMentionCandidates, type RankedCandidate } from '@app/domain/conversation/mention-ranking.policy';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AgentDirectory } from '../../agents/directory/agent-directory.service';
import { viewerOf } from '../../agents/configurations/agent-configuration-writer';
import type { AuthContext } from '../../auth/auth-context';
import { ApiError } from '../../common/http/api-error';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { MentionAccess, type MentionTarget } from '../mention-access';

/** How many of the caller's latest user messages say which agents they used recently. */
const RECENT_MESSAGES = 100;

/** Agents and members to suggest for `@query`, in the workspace or for one conversation. */
export class SuggestMentionsQuery extends Query<GetMentionSuggestionsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly query: string,
    readonly select: readonly MentionSelection[] | undefined,
    readonly includeCurrent: boolean,
    readonly conversationId: string | null,
  ) {
    super();
  }
}

type Candidate = RankedCandidate & { readonly suggestion: MentionSuggestion; readonly target: MentionTarget };

@QueryHandler(SuggestMentionsQuery)
export class SuggestMentionsHandler implements IQueryHandler<SuggestMentionsQuery> {
  constructor(
    private readonly readModels: ReadModels,
    private readonly directory: AgentDirectory,
    private readonly access: MentionAccess,
  ) {}

  async execute({ auth, query, select, includeCurrent, conversationId }: SuggestMentionsQuery): Promise<GetMentionSuggestionsResponse> {
    const conversation = conversationId ? await this.conversation(auth, conversationId) : null;
    const kinds = new Set<MentionSelection>(select && select.length > 0 ? select : ['agents', 'users']);
    const candidates: Candidate[] = [];
    if (kinds.has('agents')) candidates.push(...(await this.agents(auth)));
    if (kinds.has('users')) candidates.push(...(await this.members(auth, includeCurrent, conversation)));
    const ranked = rankMentionCandidates(candidates, query, MENTION_SUGGESTION_LIMIT);
    if (!conversation) return { suggestions: ranked.map((c) => c.suggestion) };
    const facts = await this.access.factsOf(conversation);
    const statuses = await this.access.statuses(auth.workspace.sId, facts, ranked.map((c) => c.target));
    return { suggestions: ranked.map((c) => ({ ...c.suggestion, status: statuses[c.id] ?? 'approved' })) };
  }

  /** The conversation, 404 unless it is a live conversation of the caller's workspace. */
  private async conversation(auth: AuthContext, conversationId: string): Promise<ConversationDocument> {
    const doc = await this.readModels.get<ConversationDocument>('conversations', conversationId);
    if (!doc || doc.workspaceId !== auth.workspace.sId || doc.deleted) throw new ApiError('conversation_not_found', 'Conversation not found.');
    return doc;
  }

  /** Active agents the caller can read, with their favourite mark and when the caller last used them. */
  private async agents(auth: AuthContext): Promise<Candidate[]> {
    const [agents, lastUsed] = await Promise.all([this.directory.listAgents(auth.workspace, 'all', viewerOf(auth)), this.lastUsedAgents(auth)]);
    return agents
      .filter(({ light }) => light.status === 'active')
      .map(({ light, ...found }) => ({
        id: light.sId,
        label: light.name,
        favorite: light.userFavorite,
        lastUsedAt: lastUsed.get(light.sId) ?? null,
        suggestion: agentSuggestion(light),
        target: {
          type: 'agent',
          id: light.sId,
          requestedSpaceIds: light.requestedSpaceIds,
          toolset: found.kind === 'workspace' ? found.doc.configuration.toolset : [],
        },
      }));
  }

  /** When the caller last had each agent answer one of their messages (the `agent_usage` read model). */
  private async lastUsedAgents(auth: AuthContext): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    if (!auth.user) return result;
    const usage = await this.readModels.find<AgentUsageDocument>('agentUsage', {
      where: { workspaceId: auth.workspace.sId, userId: auth.user.sId },
      sort: [{ field: 'lastPosition', direction: 'desc' }],
      limit: RECENT_MESSAGES,
    });
    for (const doc of usage) {
      for (const message of Object.values(doc.agentMessages)) {
        result.set(message.agentId, Math.max(result.get(message.agentId) ?? 0, message.at));
      }
    }
    return result;
  }

  /** Members of the workspace (the caller only if asked); in a conversation, its participants count as recent. */
  private async members(auth: AuthContext, includeCurrent: boolean, conversation: ConversationDocument | null): Promise<Candidate[]> {
    const members = await this.readModels.find<UserDocument>('users', { where: { workspaceId: auth.workspace.sId } });
    const participants = new Set(conversation?.participants ?? []);
    return members
      .filter((member) => includeCurrent || member.sId !== auth.user?.sId)
      .map((member) => ({
        id: member.sId,
        label: member.fullName || member.username,
        lastUsedAt: participants.has(member.sId) ? (conversation?.updated ?? null) : null,
        suggestion: { type: 'user', id: member.sId, label: member.fullName || member.username, pictureUrl: '', description: member.username },
        target: { type: 'user', id: member.sId },
      }));
  }
}

function agentSuggestion(agent: LightAgentConfiguration): MentionSuggestion {
  return { type: 'agent', id: agent.sId, label: agent.name, pictureUrl: agent.pictureUrl, description: agent.description, userFavorite: agent.userFavorite };
}
