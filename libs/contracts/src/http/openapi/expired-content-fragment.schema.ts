import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { ContentFragmentExpiredReason } from '../../events/conversation-message.events';
import type { ExpiredContentNodeContentFragment } from '../conversation-message.types';
import { ContentFragmentBaseSchema } from './content-fragment.schema';
import { ALWAYS_NULL } from './schema-shapes';

const GONE = { ...ALWAYS_NULL, description: 'Null: the data source this pointed into was deleted.' };

/** Schema of a content-node fragment whose data source was deleted (reference §1, expired variants). */
@ApiSchema({ name: 'ExpiredContentNodeContentFragment' })
export class ExpiredContentNodeContentFragmentSchema extends ContentFragmentBaseSchema implements ExpiredContentNodeContentFragment {
  @ApiProperty({ type: 'string', enum: ['content_node'] })
  contentFragmentType!: 'content_node';

  @ApiProperty({ type: 'string', enum: ['data_source_deleted'] })
  declare expiredReason: ContentFragmentExpiredReason;

  @ApiProperty(GONE)
  nodeId!: null;

  @ApiProperty(GONE)
  nodeDataSourceViewId!: null;

  @ApiProperty(GONE)
  nodeType!: null;

  @ApiProperty(GONE)
  contentNodeData!: null;

  @ApiProperty(GONE)
  snippet!: null;

  @ApiProperty(GONE)
  textBytes!: null;
}
