import { Module } from '@nestjs/common';
import { AgentDirectoryModule } from '../directory/agent-directory.module';
import { GetAgentDailyUsageHandler } from '../usage/get-agent-daily-usage.query';
import { AgentConfigurationWriteController } from './agent-configuration-write.controller';
import { AgentConfigurationWriter } from './agent-configuration-writer';
import { AgentConfigurationController } from './agent-configuration.controller';
import { AgentReader } from './agent-reader';
import { AgentSkillChecks } from './agent-skill-checks';
import { ArchiveAgentConfigurationHandler } from './commands/archive-agent-configuration.command';
import { CreateAgentConfigurationHandler } from './commands/create-agent-configuration.command';
import { CreatePendingAgentConfigurationHandler } from './commands/create-pending-agent-configuration.command';
import { CreateGenericAgentHandler } from './commands/create-generic-agent.command';
import { RestoreAgentConfigurationHandler } from './commands/restore-agent-configuration.command';
import { UpdateAgentConfigurationHandler } from './commands/update-agent-configuration.command';
import { GenericAgentController } from './generic-agent.controller';
import { GetAgentConfigurationHistoryHandler } from './queries/get-agent-configuration-history.query';
import { GetAgentConfigurationHandler } from './queries/get-agent-configuration.query';
import { ListAgentConfigurationsHandler } from './queries/list-agent-configurations.query';
import { SearchAgentConfigurationsHandler } from './queries/search-agent-configurations.query';

const COMMAND_HANDLERS = [
  CreateAgentConfigurationHandler,
  CreatePendingAgentConfigurationHandler,
  UpdateAgentConfigurationHandler,
  ArchiveAgentConfigurationHandler,
  RestoreAgentConfigurationHandler,
  CreateGenericAgentHandler,
];

const QUERY_HANDLERS = [ListAgentConfigurationsHandler, SearchAgentConfigurationsHandler, GetAgentConfigurationHandler, GetAgentConfigurationHistoryHandler, GetAgentDailyUsageHandler];

/** Agent configurations: list and read (both families), write (private family), generic agents. */
@Module({
  imports: [AgentDirectoryModule],
  controllers: [AgentConfigurationController, AgentConfigurationWriteController, GenericAgentController],
  providers: [AgentConfigurationWriter, AgentReader, AgentSkillChecks, ...COMMAND_HANDLERS, ...QUERY_HANDLERS],
  exports: [AgentConfigurationWriter, AgentSkillChecks],
})
export class AgentConfigurationsModule {}
