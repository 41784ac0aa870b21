import { Module } from '@nestjs/common';
import { MentionAccess } from './mention-access';

/** The statuses of mentions in a conversation, shared by posting a message and suggesting mentions. */
@Module({
  providers: [MentionAccess],
  exports: [MentionAccess],
})
export class MentionAccessModule {}
