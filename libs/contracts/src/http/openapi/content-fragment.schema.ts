import { ApiProperty, ApiSchema, IntersectionType, PickType } from '@nestjs/swagger';
import type {
  ContentFragmentContext,
  ContentNodeContentFragment,
  ContentNodeData,
  ContentNodeType,
  ExpiredContentNodeContentFragment,
  FileContentFragment,
} from '../conversation-message.types';
import type { ContentFragmentExpiredReason } from '../../events/conversation/conversation-message.events';
import { MessageBaseSchema } from './resource-base.schema';
import { ALWAYS_NULL } from './schema-shapes';

// Documentation-only classes: `implements` ties each one to the wire type it describes, so the
// compiler fails when that type gains a required field the schema lacks or changes a field's type.

const NODE_TYPES: ContentNodeType[] = ['document', 'table', 'folder'];

/** Schema of who attached a content fragment. */
@ApiSchema({ name: 'ContentFragmentContext' })
export class ContentFragmentContextSchema implements ContentFragmentContext {
  @ApiProperty({ type: 'string', nullable: true })
  username!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  fullName!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  email!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  profilePictureUrl!: string | null;
}

// The fields both kinds share; each kind's class is a schema of its own, so this one never is.
// Not abstract: IntersectionType below constructs the classes it combines.
class ContentFragmentBaseSchema extends MessageBaseSchema {
  @ApiProperty({ type: 'string', enum: ['content_fragment'] })
  type!: 'content_fragment';

  @ApiProperty({ type: 'string' })
  title!: string;

  @ApiProperty({ type: 'string', example: 'text/plain' })
  contentType!: string;

  @ApiProperty({ type: 'string', nullable: true })
  sourceUrl!: string | null;

  @ApiProperty({ type: () => ContentFragmentContextSchema })
  context!: ContentFragmentContextSchema;

  @ApiProperty({ type: 'string', description: 'Id shared by every version of this fragment.' })
  contentFragmentId!: string;

  @ApiProperty({ type: 'string', enum: ['latest', 'superseded'] })
  contentFragmentVersion!: 'latest' | 'superseded';

  @ApiProperty({ type: 'string', enum: ['data_source_deleted'], nullable: true, description: 'Set once the data source the fragment pointed into was deleted.' })
  expiredReason!: ContentFragmentExpiredReason | null;
}

/** Schema of a content fragment backed by a file or inline text. */
@ApiSchema({ name: 'FileContentFragment' })
export class FileContentFragmentSchema extends ContentFragmentBaseSchema implements FileContentFragment {
  @ApiProperty({ type: 'string', enum: ['file'] })
  contentFragmentType!: 'file';

  @ApiProperty({ type: 'string', nullable: true })
  fileId!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  snippet!: string | null;

  @ApiProperty({ type: 'string', isArray: true })
  generatedTables!: string[];

  @ApiProperty({ type: 'string' })
  textUrl!: string;

  @ApiProperty({ type: 'integer', nullable: true })
  textBytes!: number | null;

  @ApiProperty({ type: 'string', nullable: true })
  sourceProvider!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  sourceIcon!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  path!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  processedPath!: string | null;

  @ApiProperty({ type: 'boolean' })
  skipFileProcessing!: boolean;

  @ApiProperty({ ...ALWAYS_NULL, description: 'Always null on a file fragment; a content-node fragment names its node here.' })
  nodeId!: null;

  @ApiProperty({ ...ALWAYS_NULL, description: 'Always null on a file fragment; a content-node fragment names its node here.' })
  nodeDataSourceViewId!: null;
}

/** Schema of the content node a fragment references. */
@ApiSchema({ name: 'ContentNodeData' })
export class ContentNodeDataSchema implements ContentNodeData {
  @ApiProperty({ type: 'string' })
  nodeId!: string;

  @ApiProperty({ type: 'string' })
  nodeDataSourceViewId!: string;

  @ApiProperty({ type: 'string', enum: NODE_TYPES })
  nodeType!: ContentNodeType;

  @ApiProperty({ type: 'string', nullable: true })
  provider!: string | null;

  @ApiProperty({ type: 'string' })
  spaceName!: string;
}

/** Schema of a content fragment referencing a content node of a data source view. */
@ApiSchema({ name: 'ContentNodeContentFragment' })
export class ContentNodeContentFragmentSchema
  extends IntersectionType(ContentFragmentBaseSchema, PickType(ContentNodeDataSchema, ['nodeId', 'nodeDataSourceViewId', 'nodeType'] as const))
  implements ContentNodeContentFragment
{
  @ApiProperty({ type: 'string', enum: ['content_node'] })
  contentFragmentType!: 'content_node';

  @ApiProperty({ type: () => ContentNodeDataSchema })
  contentNodeData!: ContentNodeDataSchema;

  @ApiProperty({ type: 'string', nullable: true })
  snippet!: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  textBytes!: number | null;
}

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
