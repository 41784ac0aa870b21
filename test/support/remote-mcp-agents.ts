import { assistant } from './agent-assistant-body';
import { call } from './test-app';

/** Lets the api reach MCP servers on this machine: by default it refuses private networks. */
export const LOCAL_MCP_ENV: Readonly<Record<string, string>> = { MCP_ALLOW_PRIVATE_NETWORKS: 'true' };

/** A remote MCP server registered in a workspace and put in an open space by a view. */
export interface RegisteredServer {
  readonly serverId: string;
  readonly spaceId: string;
  readonly viewId: string;
}

async function expectOk(response: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const { status, body } = await response;
  if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** Registers the server at `url` with an admin key, as an admin would, and puts it in a new open space. */
export async function registerRemoteServer(baseUrl: string, workspaceId: string, adminKey: string, url: string): Promise<RegisteredServer> {
  const v1 = `/api/v1/w/${workspaceId}`;
  const registered = await expectOk(call(baseUrl, 'POST', `${v1}/mcp/remote_servers`, { key: adminKey, body: { url } }), 'register the server');
  const serverId: string = registered.server.sId;
  const space = await expectOk(call(baseUrl, 'POST', `/api/w/${workspaceId}/spaces`, { key: adminKey, body: { name: `Tools ${serverId}`, isRestricted: false } }), 'create a space');
  const spaceId: string = space.space.sId;
  const view = await expectOk(call(baseUrl, 'POST', `${v1}/spaces/${spaceId}/mcp_server_views`, { key: adminKey, body: { serverId } }), 'create a view');
  return { serverId, spaceId, viewId: view.serverView.sId };
}

/** Creates a custom agent (builder or admin key) whose one action is the view; answers its sId. */
export async function createAgentWithView(
  baseUrl: string,
  workspaceId: string,
  key: string,
  viewId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const body = { assistant: assistant({ name: `agent${viewId.replace(/[^A-Za-z0-9]/g, '').slice(-8)}`, actions: [{ type: 'mcp_server_configuration', mcpServerViewId: viewId }], ...overrides }) };
  const created = await expectOk(call(baseUrl, 'POST', `/api/w/${workspaceId}/assistant/agent_configurations`, { key, body }), 'create the agent');
  return created.agentConfiguration.sId;
}
