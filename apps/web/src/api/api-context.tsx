import { createContext, useContext, type ReactNode } from 'react';
import { AgentsApi } from './agents';
import { ApiKeysApi } from './api-keys';
import { ApiClient, type ApiClientOptions } from './api-client';
import { AuthApi } from './auth';
import { ConversationsApi } from './conversations';
import { DataSourcesApi } from './data-sources';
import { FilesApi } from './files';
import { HistoryApi } from './history';
import { InvitationsApi } from './invitations';
import { McpServersApi } from './mcp-servers';
import { MembersApi } from './members';
import { ModelsApi } from './models';
import { SkillsApi } from './skills';
import { SpacesApi } from './spaces';
import { TablesApi } from './tables';
import { ToolApprovalsApi } from './tool-approvals';
import { TriggersApi } from './triggers';
import { WaitingActionsApi } from './waiting-actions';
import { WorkspaceSettingsApi } from './workspace-settings';

/** The page's client of the api and the typed calls over it; a feature adds its own beside `auth`. */
export interface Api {
  readonly client: ApiClient;
  readonly agents: AgentsApi;
  readonly apiKeys: ApiKeysApi;
  readonly auth: AuthApi;
  readonly conversations: ConversationsApi;
  readonly dataSources: DataSourcesApi;
  readonly files: FilesApi;
  readonly history: HistoryApi;
  readonly invitations: InvitationsApi;
  readonly mcpServers: McpServersApi;
  readonly members: MembersApi;
  readonly models: ModelsApi;
  readonly skills: SkillsApi;
  readonly spaces: SpacesApi;
  readonly tables: TablesApi;
  readonly toolApprovals: ToolApprovalsApi;
  readonly triggers: TriggersApi;
  readonly waitingActions: WaitingActionsApi;
  readonly workspaceSettings: WorkspaceSettingsApi;
}

/** One client for the page: it holds the session's CSRF token. */
export function createApi(options: ApiClientOptions = {}): Api {
  const client = new ApiClient(options);
  return {
    client,
    agents: new AgentsApi(client),
    apiKeys: new ApiKeysApi(client),
    auth: new AuthApi(client),
    conversations: new ConversationsApi(client),
    dataSources: new DataSourcesApi(client),
    files: new FilesApi(client),
    history: new HistoryApi(client),
    invitations: new InvitationsApi(client),
    mcpServers: new McpServersApi(client),
    members: new MembersApi(client),
    models: new ModelsApi(client),
    skills: new SkillsApi(client),
    spaces: new SpacesApi(client),
    tables: new TablesApi(client),
    toolApprovals: new ToolApprovalsApi(client),
    triggers: new TriggersApi(client),
    waitingActions: new WaitingActionsApi(client),
    workspaceSettings: new WorkspaceSettingsApi(client),
  };
}

const ApiContext = createContext<Api | null>(null);

export function ApiProvider({ api, children }: { readonly api: Api; readonly children: ReactNode }) {
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

/** The page's Api, from the nearest ApiProvider. */
export function useApi(): Api {
  const api = useContext(ApiContext);
  if (api === null) throw new Error('useApi needs an ApiProvider above it');
  return api;
}
