import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { WaitingActionsResponse, WaitingConversation } from '../waiting-actions.types';
import { BlockedActionSchema } from './tool-approval.schema';

class WaitingConversationSchema implements WaitingConversation {
  @ApiProperty() sId!: string;
  @ApiProperty({ type: String, nullable: true }) title!: string | null;
}

@ApiSchema({ name: 'WaitingActionsResponse' })
export class WaitingActionsResponseSchema implements WaitingActionsResponse {
  @ApiProperty({ type: [BlockedActionSchema], description: "Each as its conversation's actions/blocked lists it." }) blockedActions!: BlockedActionSchema[];
  @ApiProperty({ type: [WaitingConversationSchema] }) conversations!: WaitingConversationSchema[];
}
