import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { HeartbeatMcpServerResponse, RegisterMcpServerResponse } from '../mcp.types';

/** Schema of a registered client-side server. */
@ApiSchema({ name: 'RegisterMcpServerResponse' })
export class RegisterMcpServerResponseSchema implements RegisterMcpServerResponse {
  @ApiProperty({ example: 'mcp-client-side:my_ide_tools.1', description: '`mcp-client-side:<slug of the name>`, with `.1`, `.2`… for repeated names.' })
  serverId!: string;

  @ApiProperty({ example: '2026-01-01T10:10:00.000Z', description: 'Ten minutes ahead; renewed by heartbeats and by using the server.' })
  expiresAt!: string;
}

/** Schema of a renewed registration. */
@ApiSchema({ name: 'HeartbeatMcpServerResponse' })
export class HeartbeatMcpServerResponseSchema implements HeartbeatMcpServerResponse {
  @ApiProperty({ type: 'boolean', enum: [true] })
  success!: true;

  @ApiProperty({ example: '2026-01-01T10:20:00.000Z' })
  expiresAt!: string;
}
