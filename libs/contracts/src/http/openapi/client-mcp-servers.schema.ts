import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { ClientMcpServer, ListClientMcpServersResponse } from '../client-mcp-servers.types';

@ApiSchema({ name: 'ClientMcpServer' })
class ClientMcpServerSchema implements ClientMcpServer {
  @ApiProperty() serverId!: string;
  @ApiProperty() serverName!: string;
  @ApiProperty({ description: 'ISO 8601.' }) registeredAt!: string;
  @ApiProperty({ description: 'ISO 8601: the registration lapses then unless a heartbeat or a use renews it.' }) expiresAt!: string;
}

@ApiSchema({ name: 'ListClientMcpServersResponse' })
export class ListClientMcpServersResponseSchema implements ListClientMcpServersResponse {
  @ApiProperty({ type: [ClientMcpServerSchema] }) servers!: ClientMcpServerSchema[];
}
