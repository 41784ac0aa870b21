import type { AgentAssistantDto } from '@app/contracts/http/agent-configuration.dto';
import type {
  AgentConfigurationFull,
  AgentConfigurationHistoryResponse,
  AgentConfigurationResponse,
  GetAgentConfigurationsResponse,
} from '@app/contracts/http/agent-configuration.types';
import type { SuccessResponse } from '@app/contracts/http/conversation-responses.types';
import { apiPath, type ApiClient, type RequestOptions } from './api-client';

/** The `assistant` object a create or a new version sends: the fields the web editor knows, and those it carries over unchanged. */
export type AgentAssistantBody = Pick<
  AgentAssistantDto,
  'name' | 'description' | 'instructions' | 'pictureUrl' | 'status' | 'scope' | 'model' | 'maxStepsPerRun' | 'toolset' | 'toolStakes' | 'skills' | 'tags' | 'templateId' | 'requestedSpaceIds'
>;

/** Which agents the gallery lists: the active ones the person may use, or (admins only, as the api rules) the archived ones. */
export type AgentGalleryView = 'list' | 'archived';

function agentsPath(wId: string): string {
  return apiPath`/api/w/${wId}/assistant/agent_configurations`;
}

function agentPath(wId: string, aId: string): string {
  return apiPath`/api/w/${wId}/assistant/agent_configurations/${aId}`;
}

/**
 * The agent configuration routes of the private family: the gallery's lists, one agent in full
 * (with its tools, which the editor carries over), its versions, and the writes (create, a new
 * version, a favourite, archive, restore). Every write answers the agent as saved.
 */
export class AgentsApi {
  constructor(private readonly client: ApiClient) {}

  /** Global and workspace agents of a view, `dust` first, then by name. */
  list(wId: string, view: AgentGalleryView, options?: RequestOptions): Promise<GetAgentConfigurationsResponse> {
    return this.client.get(`${agentsPath(wId)}?view=${view}`, options);
  }

  /** One agent's current version in full, archived or not. */
  async get(wId: string, aId: string, options?: RequestOptions): Promise<AgentConfigurationFull> {
    const answer = await this.client.get<AgentConfigurationResponse>(`${agentPath(wId, aId)}?variant=full&includeArchived=true`, options);
    return fullOf(answer);
  }

  /** The agent's versions, newest first. */
  history(wId: string, aId: string, options?: RequestOptions): Promise<AgentConfigurationHistoryResponse> {
    return this.client.get(`${agentPath(wId, aId)}/history`, options);
  }

  /** A new agent (builders and admins). */
  async create(wId: string, assistant: AgentAssistantBody): Promise<AgentConfigurationFull> {
    return fullOf(await this.client.post<AgentConfigurationResponse>(agentsPath(wId), { assistant }));
  }

  /** A new version of the agent, with these fields. */
  async saveVersion(wId: string, aId: string, assistant: AgentAssistantBody): Promise<AgentConfigurationFull> {
    return fullOf(await this.client.patch<AgentConfigurationResponse>(agentPath(wId, aId), { assistant }));
  }

  /** Marks or unmarks the agent as one of the signed-in person's favourites. */
  setFavorite(wId: string, aId: string, favorite: boolean): Promise<AgentConfigurationResponse> {
    return this.client.patch(agentPath(wId, aId), { userFavorite: favorite });
  }

  /** Archives the agent: it leaves every list but the archived one, and can no longer be mentioned. */
  archive(wId: string, aId: string): Promise<SuccessResponse> {
    return this.client.delete(agentPath(wId, aId));
  }

  /** Brings an archived agent back, if no active agent took its name meanwhile. */
  async restore(wId: string, aId: string): Promise<AgentConfigurationFull> {
    return fullOf(await this.client.post<AgentConfigurationResponse>(`${agentPath(wId, aId)}/restore`));
  }
}

// The writes and `variant=full` answer the full variant. A light one would have no toolset, and a
// version saved from it would drop the agent's tools: refused rather than guessed.
function fullOf({ agentConfiguration }: AgentConfigurationResponse): AgentConfigurationFull {
  if (!('toolset' in agentConfiguration)) throw new Error('The api answered an agent without its tools');
  return agentConfiguration;
}
