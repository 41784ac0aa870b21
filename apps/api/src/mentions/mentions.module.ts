import { Module } from '@nestjs/common';
import { AgentDirectoryModule } from '../agents/directory/agent-directory.module';
import { MentionAccessModule } from './mention-access.module';
import { MentionsController } from './mentions.controller';
import { ParseMentionsHandler } from './queries/parse-mentions.query';
import { SuggestMentionsHandler } from './queries/suggest-mentions.query';

/** Mention suggestions and parsing (`…/assistant/mentions/…`). */
@Module({
  imports: [AgentDirectoryModule, MentionAccessModule],
  controllers: [MentionsController],
  providers: [SuggestMentionsHandler, ParseMentionsHandler],
})
export class MentionsModule {}
