import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, ValidateBy } from 'class-validator';
import { NonEmptyText, NullableText } from './validation/field.decorator';
import { OnlyKeys } from './validation/only-keys.decorator';
import { IsOmittable } from './validation/presence.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

/** Headers a server may be registered with at most, and their bounds. */
export const MAX_REMOTE_MCP_HEADERS = 20;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]{0,8192}$/;

/** Header names and values as HTTP allows them, at most MAX_REMOTE_MCP_HEADERS. */
function isHeaderMap(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length <= MAX_REMOTE_MCP_HEADERS && entries.every(([name, header]) => HEADER_NAME.test(name) && typeof header === 'string' && HEADER_VALUE.test(header));
}

/** `POST …/mcp/remote_servers`: an admin registers a remote MCP server (streamable HTTP). */
@OnlyKeys(['url', 'headers'])
export class RegisterRemoteMcpServerDto {
  @NonEmptyText(2048, 'required', { example: 'https://mcp.example.com/mcp', description: 'Streamable HTTP endpoint (http or https).' })
  url!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { Authorization: 'Bearer …' },
    description: `Sent on every request (at most ${MAX_REMOTE_MCP_HEADERS}). Values are stored encrypted and never returned.`,
  })
  @IsOmittable()
  @ValidateBy({ name: 'isHeaderMap', validator: { validate: isHeaderMap, defaultMessage: () => `must map at most ${MAX_REMOTE_MCP_HEADERS} header names to string values` } })
  headers?: Record<string, string>;
}

/** `POST …/spaces/{spaceId}/mcp_server_views`: an admin puts a remote server in a space. */
@OnlyKeys(['serverId'])
export class CreateMcpServerViewDto {
  @NonEmptyText(64, 'required', { example: 'rms_3kq9Zb1Lm0Xa' })
  serverId!: string;
}

export const CONVERSATION_TOOL_ACTIONS = ['add', 'delete'] as const;
export type ConversationToolAction = (typeof CONVERSATION_TOOL_ACTIONS)[number];

/** `POST …/conversations/{cId}/tools`: adds an MCP server view to the conversation, or removes it. */
export class ConversationToolsDto {
  @ApiProperty({ enum: CONVERSATION_TOOL_ACTIONS, example: 'add' })
  @IsDefined({ message: MESSAGES.required })
  @IsIn(CONVERSATION_TOOL_ACTIONS, { message: oneOf(CONVERSATION_TOOL_ACTIONS) })
  action!: ConversationToolAction;

  @NonEmptyText(64, 'required', { example: 'msv_3kq9Zb1Lm0Xa' })
  mcp_server_view_id!: string;

  @NullableText(64, { description: 'Accepted for compatibility; the view applies to every agent of the conversation.' })
  agent_configuration_id?: string | null;
}
