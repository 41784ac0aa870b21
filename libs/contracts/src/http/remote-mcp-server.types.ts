/** A remote MCP server as the API shows it: header names only, never their values. */
export interface RemoteMcpServer {
  readonly id: number;
  readonly sId: string;
  readonly url: string;
  readonly name: string;
  readonly version: string;
  readonly description: string | null;
  readonly headerNames: string[];
  readonly tools: { readonly name: string; readonly description: string; readonly inputSchema: Record<string, unknown>; readonly readOnly: boolean }[];
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly syncedAt: number;
}

export interface RemoteMcpServerEnvelope {
  readonly server: RemoteMcpServer;
}

export interface ListRemoteMcpServersResponse {
  readonly servers: RemoteMcpServer[];
}

/** The server inside an MCP server view (reference §1 `MCPServerView.server`). */
export interface MCPServerViewServer {
  readonly sId: string;
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly icon: string;
  readonly authorization: null;
  readonly tools: { readonly name: string; readonly description: string; readonly inputSchema?: Record<string, unknown> }[];
  readonly availability: 'manual' | 'auto' | 'auto_hidden_builder';
  readonly allowMultipleInstances: boolean;
  readonly documentationUrl: string | null;
}

/** An MCP server view (reference §1 `MCPServerView`). */
export interface MCPServerView {
  readonly id: number;
  readonly sId: string;
  readonly name: string | null;
  readonly description: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly spaceId: string;
  readonly serverType: 'remote' | 'internal';
  readonly server: MCPServerViewServer;
  readonly oAuthUseCase: 'personal_actions' | 'platform_actions' | null;
  readonly editedByUser: null;
}

export interface ListMcpServerViewsResponse {
  readonly success: true;
  readonly serverViews: MCPServerView[];
}

export interface McpServerViewEnvelope {
  readonly success: true;
  readonly serverView: MCPServerView;
}
