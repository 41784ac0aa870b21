import type { RemoteMcpHeader } from '@app/contracts/events/remote-mcp-server.events';
import type { RemoteMcpCatalogState, RemoteMcpServerEntry } from '@app/domain/remote-mcp-server/remote-mcp-server.state';
import { Inject, Injectable } from '@nestjs/common';
import type { CommandActor } from '../event-sourcing/writing/aggregate-writer';
import { RemoteMcpCatalogAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import { ApiError } from '../common/http/api-error';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import type { RemoteMcpSettings } from '../config/remote-mcp-settings';
import { listRemoteTools, RemoteMcpError, type RemoteMcpTarget } from './outbound/remote-mcp-connection';
import { SecretBox } from './secret-box';

/**
 * The remote MCP catalog of each workspace (its event stream), and what reaching one of its servers
 * takes: the headers opened with the deployment's secrets key, and the configured limits.
 */
@Injectable()
export class RemoteMcpCatalog {
  private readonly box: SecretBox | null;
  readonly settings: RemoteMcpSettings;

  constructor(
    private readonly catalogs: RemoteMcpCatalogAggregateWriter,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.settings = config.remoteMcp;
    const key = config.remoteMcp.secretsKey;
    this.box = key ? new SecretBox(Buffer.from(key.reveal(), 'hex')) : null;
  }

  state(workspaceId: string): Promise<RemoteMcpCatalogState> {
    return this.catalogs.read(workspaceId);
  }

  /** Header values sealed for the log; without a secrets key, headers are refused (400). */
  seal(headers: Readonly<Record<string, string>>): RemoteMcpHeader[] {
    const entries = Object.entries(headers);
    if (entries.length === 0) return [];
    const box = this.box;
    if (!box) {
      throw new ApiError('invalid_request_error', 'Headers hold secrets, which this deployment cannot store: set SECRETS_KEY (32 bytes, hex or base64) to register a server with headers.');
    }
    return entries.map(([name, value]) => ({ name, sealedValue: box.seal(value) }));
  }

  /** Where the server is and its headers in clear, for one connection. */
  target(server: Pick<RemoteMcpServerEntry, 'url' | 'headers'>): RemoteMcpTarget {
    const headers = server.headers.map((header) => {
      if (!this.box) throw new RemoteMcpError('mcp_server_unreachable', 'The MCP server was registered with headers, and SECRETS_KEY is not set: they cannot be opened.');
      return [header.name, this.box.open(header.sealedValue)] as const;
    });
    return { url: server.url, headers: Object.fromEntries(headers) };
  }

  /** Lists the server's tools now; a failure is the caller's 400 (registration, sync route). */
  async listTools(target: RemoteMcpTarget) {
    try {
      return await listRemoteTools(target, this.settings);
    } catch (error) {
      throw asBadRequest(error);
    }
  }

  /** Lists a registered server's tools again and records them; throws RemoteMcpError when it cannot be reached. */
  async sync(workspaceId: string, serverId: string, by: CommandActor) {
    const server = (await this.state(workspaceId)).servers.get(serverId);
    if (!server) throw new ApiError('mcp_server_not_found', 'The MCP server you requested was not found.');
    const { info, tools } = await listRemoteTools(this.target(server), this.settings);
    return this.catalogs.run(workspaceId, { type: 'SyncRemoteMcpServerTools', serverId, info, tools }, by);
  }
}

/** A server that cannot be reached, seen by an admin's request: a 400 saying why. */
export function asBadRequest(error: unknown): unknown {
  return error instanceof RemoteMcpError ? new ApiError('invalid_request_error', `Could not list the tools of the MCP server: ${error.message}`) : error;
}
