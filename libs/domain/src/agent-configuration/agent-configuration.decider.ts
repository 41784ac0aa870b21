import { toAgentConfigurationStreamName } from './agent-configuration.stream';
import type { AgentConfigurationEvent, AgentConfigurationSnapshot } from '@app/contracts/events/agent-configuration.events';
import { assertNever } from '@app/contracts/assert-never';
import type { Aggregate, Decider } from '../shared/decider';
import type { AgentConfigurationCommand } from './agent-configuration.commands';
import { agentArchived, agentNotFound } from './agent-configuration.errors';
import type { AgentConfigurationState } from './agent-configuration.state';
import { toAgentConfigurationSnapshot } from './agent-configuration.validation';

function decide(command: AgentConfigurationCommand, state: AgentConfigurationState): AgentConfigurationEvent[] {
  if (command.type === 'CreateAgentConfiguration') {
    // Ids are generated per request, so an existing stream is a repeat of this very command.
    if (state.status !== 'absent') return [];
    const configuration = toAgentConfigurationSnapshot(command.configuration, command.modelCheck);
    const { workspaceId, agentConfigurationId, author, now: at } = command;
    return [{ type: 'AgentConfigurationCreated', data: { workspaceId, agentConfigurationId, version: 0, configuration, author, at } }];
  }
  if (state.status === 'absent' || state.workspaceId !== command.workspaceId) throw agentNotFound();
  const base = { workspaceId: state.workspaceId, agentConfigurationId: state.agentConfigurationId, at: command.now };
  switch (command.type) {
    case 'UpdateAgentConfiguration': {
      if (state.status === 'archived') throw agentArchived();
      const configuration = toAgentConfigurationSnapshot(command.configuration, command.modelCheck);
      if (sameConfiguration(configuration, state.configuration)) return [];
      // The first save of a pending placeholder is the agent's first version: it stays version 0.
      const version = state.status === 'pending' ? 0 : state.version + 1;
      return [{ type: 'AgentConfigurationUpdated', data: { ...base, version, configuration, author: command.author } }];
    }
    case 'ArchiveAgentConfiguration':
      if (state.status === 'archived') return [];
      return [{ type: 'AgentConfigurationArchived', data: { ...base, author: command.author } }];
    case 'RestoreAgentConfiguration':
      if (state.status !== 'archived') return [];
      return [{ type: 'AgentConfigurationRestored', data: { ...base, author: command.author } }];
    default:
      return assertNever(command);
  }
}

/** Snapshots are canonical (see toAgentConfigurationSnapshot), so JSON equality is value equality. */
function sameConfiguration(a: AgentConfigurationSnapshot, b: AgentConfigurationSnapshot): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function evolve(state: AgentConfigurationState, event: AgentConfigurationEvent): AgentConfigurationState {
  switch (event.type) {
    case 'AgentConfigurationCreated':
    case 'AgentConfigurationUpdated':
      return {
        status: state.status === 'archived' ? 'archived' : event.data.configuration.status,
        workspaceId: event.data.workspaceId,
        agentConfigurationId: event.data.agentConfigurationId,
        version: event.data.version,
        configuration: event.data.configuration,
      };
    case 'AgentConfigurationArchived':
      return state.status === 'absent' ? state : { ...state, status: 'archived' };
    case 'AgentConfigurationRestored':
      return state.status === 'absent' ? state : { ...state, status: state.configuration.status };
    default:
      return assertNever(event);
  }
}

/** The workspace agent aggregate: versions of a configuration, archive and restore. */
export const agentConfigurationDecider: Decider<AgentConfigurationCommand, AgentConfigurationEvent, AgentConfigurationState> = {
  decide,
  evolve,
  initialState: () => ({ status: 'absent' }),
};

/** The workspace agent, by agent sId. */
export const agentConfigurationAggregate: Aggregate<AgentConfigurationCommand, AgentConfigurationEvent, AgentConfigurationState> = { decider: agentConfigurationDecider, streamName: toAgentConfigurationStreamName };
