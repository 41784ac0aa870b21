import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn } from 'class-validator';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../events/workspace.events';
import { InOrder } from './validation/in-order.decorator';
import { MESSAGES, oneOf } from './validation/validation.messages';

/**
 * `POST /api/w/{wId}/keys`: the role the new key acts with. A key bound to a member (as `key create
 * --user` makes) is left to the CLI: over HTTP it would add an account that accepted no invitation.
 */
export class CreateApiKeyDto {
  @InOrder(
    IsIn(WORKSPACE_ROLES, { message: oneOf(WORKSPACE_ROLES) }),
    IsDefined({ message: MESSAGES.required }),
    ApiProperty({ enum: WORKSPACE_ROLES, enumName: 'WorkspaceRole', example: 'builder' }),
  )
  role!: WorkspaceRole;
}
