import { Module } from '@nestjs/common';
import { AgentRunnerModule } from '../agent-runner';
import { AgentConfigurationsModule } from '../agents/configurations/agent-configurations.module';
import { AgentDirectoryModule } from '../agents/directory/agent-directory.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { AgentSkillRegistration } from './agent-skill-registration';
import { ChangeSkillArchiveHandler } from './commands/archive-skill.command';
import { ChangeConversationSkillHandler } from './commands/change-conversation-skill.command';
import { CreateSkillHandler } from './commands/create-skill.command';
import { ImportSkillsHandler } from './commands/import-skills.command';
import { SetAgentSkillsHandler } from './commands/set-agent-skills.command';
import { UpdateSkillHandler } from './commands/update-skill.command';
import { SkillAttachmentFiles } from './importing/skill-attachment-files';
import { GetSkillHandler } from './queries/get-skill.query';
import { ListAgentSkillsHandler } from './queries/list-agent-skills.query';
import { ListConversationSkillsHandler } from './queries/list-conversation-skills.query';
import { ListSkillsHandler } from './queries/list-skills.query';
import { SkillHistoryHandler } from './queries/skill-history.query';
import { RunSkills } from './run/run-skills';
import { SkillAccess } from './skill-access';
import { SkillReader } from './skill-reader';
import { SkillWriter } from './skill-writer';
import { SkillsController } from './skills.controller';

/**
 * Skills: versioned bundles of instructions, tools, knowledge and files, created, imported from
 * SKILL.md files, carried by agents and enabled in conversations; and what a run gets of them
 * (RunSkills: their instructions in the prompt, their tools and knowledge, the `enable_skill` tool).
 */
@Module({
  imports: [AgentRunnerModule, AgentConfigurationsModule, AgentDirectoryModule, ConversationsModule],
  controllers: [SkillsController],
  providers: [
    SkillAccess,
    SkillReader,
    SkillWriter,
    SkillAttachmentFiles,
    CreateSkillHandler,
    UpdateSkillHandler,
    ChangeSkillArchiveHandler,
    ImportSkillsHandler,
    SetAgentSkillsHandler,
    ChangeConversationSkillHandler,
    ListSkillsHandler,
    GetSkillHandler,
    SkillHistoryHandler,
    ListAgentSkillsHandler,
    ListConversationSkillsHandler,
    RunSkills,
    AgentSkillRegistration,
  ],
})
export class SkillsModule {}
