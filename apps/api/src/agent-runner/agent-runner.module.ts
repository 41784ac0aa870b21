import { Module } from '@nestjs/common';
import { AgentRunExecutor } from './runner/agent-run.executor';
import { AGENT_RUNNER_OPTIONS, DEFAULT_AGENT_RUNNER_OPTIONS } from './agent-runner.options';
import { AgentRunner } from './runner/agent-runner.service';
import { RunOutcomeRecorder } from './runner/run-outcome.recorder';
import { AgentToolSources } from './tools/agent-tool-sources';

/**
 * The agent runner (a process manager inside the api; `AGENT_RUNNER_ENABLED=false` turns it off)
 * and the tool sources it offers to agents, where tool providers register.
 */
@Module({
  providers: [
    { provide: AGENT_RUNNER_OPTIONS, useValue: DEFAULT_AGENT_RUNNER_OPTIONS },
    AgentToolSources,
    RunOutcomeRecorder,
    AgentRunExecutor,
    AgentRunner,
  ],
  exports: [AgentToolSources, AgentRunner],
})
export class AgentRunnerModule {}
