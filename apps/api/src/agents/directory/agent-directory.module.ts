import { Module } from '@nestjs/common';
import { AgentDirectory } from './agent-directory.service';

/** Resolves and lists the agents a workspace can use (global and workspace agents). */
@Module({
  providers: [AgentDirectory],
  exports: [AgentDirectory],
})
export class AgentDirectoryModule {}
