import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { AUDIT_KINDS, type AuditKind } from '../../read-models/audit.read-models';
import type { AuditEntry, ListAuditEntriesResponse } from '../audit.types';
import { EPOCH_MS, FREE_FORM } from './schema-shapes';

// Documentation-only classes: `implements` ties each one to the wire type it describes.

/** Schema of one audit entry. */
@ApiSchema({ name: 'AuditEntry' })
export class AuditEntrySchema implements AuditEntry {
  @ApiProperty({ type: 'integer', description: 'Global log position of the fact: the order of the trail.', example: 42 })
  position!: number;

  @ApiProperty({ ...EPOCH_MS, description: 'When it happened, in milliseconds since the epoch.' })
  at!: number;

  @ApiProperty({ enum: AUDIT_KINDS, enumName: 'AuditKind' })
  kind!: AuditKind;

  @ApiProperty({ type: 'string', nullable: true, description: 'A user sId, an API key id, an agent sId (documents a run read), or null when no one is known.' })
  actorId!: string | null;

  @ApiProperty({ type: 'string', enum: ['workspace', 'user'], description: "`user`: a fact of a member's account (sign-in, personal token), which reaches each of their workspaces." })
  scope!: 'workspace' | 'user';

  @ApiProperty({ ...FREE_FORM, description: "The fact's own fields: ids, the role, the tool's arguments (`inputs`) and the answer, the documents read…" })
  details!: Record<string, unknown>;
}

/** Schema of `{ entries, nextCursor }`. */
@ApiSchema({ name: 'ListAuditEntriesResponse' })
export class ListAuditEntriesResponseSchema implements ListAuditEntriesResponse {
  @ApiProperty({ type: () => AuditEntrySchema, isArray: true, description: 'Oldest first.' })
  entries!: AuditEntrySchema[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.' })
  nextCursor!: string | null;
}
