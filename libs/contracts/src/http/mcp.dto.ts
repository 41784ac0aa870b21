import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsObject, IsString } from 'class-validator';
import { InOrder } from './validation/in-order.decorator';
import { LengthAtLeast, LengthAtMost } from './validation/string.decorator';
import { MESSAGES } from './validation/validation.messages';
import { NonEmptyText } from './validation/field.decorator';

/** Bounds of a client-side server's name, as the real service checks them. */
export const MCP_SERVER_NAME_LENGTH = { min: 5, max: 30 } as const;

/** Registers a client-side MCP server for the key's user. */
export class RegisterMcpServerDto {
  @InOrder(
    IsString({ message: MESSAGES.string }),
    LengthAtLeast(MCP_SERVER_NAME_LENGTH.min),
    LengthAtMost(MCP_SERVER_NAME_LENGTH.max),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({ type: String, minLength: MCP_SERVER_NAME_LENGTH.min, maxLength: MCP_SERVER_NAME_LENGTH.max, example: 'My IDE tools' }),
  )
  serverName!: string;
}

/** Names a registered server (heartbeat, deregister). */
export class McpServerIdDto {
  @NonEmptyText(400, 'required', { example: 'mcp-client-side:my_ide_tools' })
  serverId!: string;
}

/** A server's JSON-RPC response to a request it received on the requests stream. */
export class PostMcpResultsDto extends McpServerIdDto {
  @InOrder(
    IsObject({ message: MESSAGES.object }),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({
      type: 'object',
      additionalProperties: true,
      description: 'The JSON-RPC 2.0 response, echoing the string `id` of the request.',
      example: { jsonrpc: '2.0', id: 'mcp_req_c0nversat1_messag3id1_1700000000000_2', result: { content: [{ type: 'text', text: '42' }] } },
    }),
  )
  result!: Record<string, unknown>;
}
