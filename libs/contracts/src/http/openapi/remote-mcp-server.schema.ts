import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type {
  ListMcpServerViewsResponse,
  ListRemoteMcpServersResponse,
  MCPServerView,
  MCPServerViewServer,
  McpServerViewEnvelope,
  RemoteMcpServer,
  RemoteMcpServerEnvelope,
} from '../remote-mcp-server.types';
import { ALWAYS_NULL } from './schema-shapes';

class RemoteMcpToolSchema {
  @ApiProperty({ example: 'lookup_order' }) name!: string;
  @ApiProperty({ example: 'Looks an order up by its number.' }) description!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { type: 'object', properties: { orderId: { type: 'string' } } } })
  inputSchema!: Record<string, unknown>;
  @ApiProperty({ description: "The server's readOnlyHint: reading tools default to the low stake, others to high." }) readOnly!: boolean;
}

@ApiSchema({ name: 'RemoteMcpServer' })
export class RemoteMcpServerSchema implements RemoteMcpServer {
  @ApiProperty({ example: 412 }) id!: number;
  @ApiProperty({ example: 'rms_3kq9Zb1Lm0Xa' }) sId!: string;
  @ApiProperty({ example: 'https://mcp.example.com/mcp' }) url!: string;
  @ApiProperty({ example: 'orders' }) name!: string;
  @ApiProperty({ example: '1.0.0' }) version!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) description!: string | null;
  @ApiProperty({ type: [String], example: ['Authorization'], description: 'Names only: header values are never returned.' }) headerNames!: string[];
  @ApiProperty({ type: [RemoteMcpToolSchema] }) tools!: RemoteMcpToolSchema[];
  @ApiProperty({ example: 1_767_225_600_000 }) createdAt!: number;
  @ApiProperty({ example: 1_767_225_600_000 }) updatedAt!: number;
  @ApiProperty({ example: 1_767_225_600_000, description: 'When the tools were last listed.' }) syncedAt!: number;
}

@ApiSchema({ name: 'RemoteMcpServerEnvelope' })
export class RemoteMcpServerEnvelopeSchema implements RemoteMcpServerEnvelope {
  @ApiProperty({ type: RemoteMcpServerSchema }) server!: RemoteMcpServerSchema;
}

@ApiSchema({ name: 'ListRemoteMcpServersResponse' })
export class ListRemoteMcpServersResponseSchema implements ListRemoteMcpServersResponse {
  @ApiProperty({ type: [RemoteMcpServerSchema] }) servers!: RemoteMcpServerSchema[];
}

class MCPServerViewToolSchema {
  @ApiProperty({ example: 'lookup_order' }) name!: string;
  @ApiProperty({ example: 'Looks an order up by its number.' }) description!: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) inputSchema?: Record<string, unknown>;
}

class MCPServerViewServerSchema implements MCPServerViewServer {
  @ApiProperty({ example: 'rms_3kq9Zb1Lm0Xa' }) sId!: string;
  @ApiProperty({ example: 'orders' }) name!: string;
  @ApiProperty({ example: '1.0.0' }) version!: string;
  @ApiProperty({ example: '' }) description!: string;
  @ApiProperty({ example: 'ActionRocketIcon' }) icon!: string;
  @ApiProperty({ ...ALWAYS_NULL, description: 'Remote servers here authenticate with headers, not OAuth.' }) authorization!: null;
  @ApiProperty({ type: [MCPServerViewToolSchema] }) tools!: MCPServerViewToolSchema[];
  @ApiProperty({ enum: ['manual', 'auto', 'auto_hidden_builder'], example: 'manual' }) availability!: 'manual' | 'auto' | 'auto_hidden_builder';
  @ApiProperty({ example: true }) allowMultipleInstances!: boolean;
  @ApiProperty({ type: String, nullable: true, example: null }) documentationUrl!: string | null;
}

@ApiSchema({ name: 'MCPServerView' })
export class MCPServerViewSchema implements MCPServerView {
  @ApiProperty({ example: 415 }) id!: number;
  @ApiProperty({ example: 'msv_3kq9Zb1Lm0Xa' }) sId!: string;
  @ApiProperty({ type: String, nullable: true, example: null }) name!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) description!: string | null;
  @ApiProperty({ example: 1_767_225_600_000 }) createdAt!: number;
  @ApiProperty({ example: 1_767_225_600_000 }) updatedAt!: number;
  @ApiProperty({ example: 'vlt_3kq9Zb1Lm0Xa' }) spaceId!: string;
  @ApiProperty({ enum: ['remote', 'internal'], example: 'remote' }) serverType!: 'remote' | 'internal';
  @ApiProperty({ type: MCPServerViewServerSchema }) server!: MCPServerViewServerSchema;
  @ApiProperty({ enum: ['personal_actions', 'platform_actions'], nullable: true, example: null }) oAuthUseCase!: 'personal_actions' | 'platform_actions' | null;
  @ApiProperty({ ...ALWAYS_NULL }) editedByUser!: null;
}

@ApiSchema({ name: 'ListMcpServerViewsResponse' })
export class ListMcpServerViewsResponseSchema implements ListMcpServerViewsResponse {
  @ApiProperty({ type: 'boolean', enum: [true] }) success!: true;
  @ApiProperty({ type: [MCPServerViewSchema] }) serverViews!: MCPServerViewSchema[];
}

@ApiSchema({ name: 'McpServerViewEnvelope' })
export class McpServerViewEnvelopeSchema implements McpServerViewEnvelope {
  @ApiProperty({ type: 'boolean', enum: [true] }) success!: true;
  @ApiProperty({ type: MCPServerViewSchema }) serverView!: MCPServerViewSchema;
}
