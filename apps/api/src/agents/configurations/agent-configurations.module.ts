import { Module } from '@nestjs/common';
import { AgentConfigurationWriteController } from './agent-configuration-write.controller';
import { AgentConfigurationController } from './agent-configuration.controller';
import { AgentConfigurationService } from './agent-configuration.service';
import { GenericAgentController } from './generic-agent.controller';

/** Agent configurations: list and read (both families), write (private family), generic agents. */
@Module({
  controllers: [AgentConfigurationController, AgentConfigurationWriteController, GenericAgentController],
  providers: [AgentConfigurationService],
})
export class AgentConfigurationsModule {}
