import { ApiProperty } from '@nestjs/swagger';
import type { MessageBase, MessageVisibility } from '../conversation-message.types';
import type { ResourceBase } from '../resource.types';
import { ALWAYS_NULL, MESSAGE_VISIBILITIES } from './schema-shapes';

// Fields several schema classes share. These classes have no `@ApiSchema` and no component of their
// own: the document lists their fields in every schema that extends them.

/** The ids and creation time of a conversation or a message. */
export abstract class ResourceBaseSchema implements ResourceBase {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'string' })
  sId!: string;

  @ApiProperty({ type: 'integer', description: 'Milliseconds since the epoch.' })
  created!: number;
}

/** The fields every kind of message carries. */
export abstract class MessageBaseSchema extends ResourceBaseSchema implements MessageBase {
  @ApiProperty({ type: 'string', enum: MESSAGE_VISIBILITIES })
  visibility!: MessageVisibility;

  @ApiProperty({ type: 'integer' })
  version!: number;

  @ApiProperty({ type: 'integer' })
  rank!: number;

  @ApiProperty(ALWAYS_NULL)
  branchId!: null;
}
