import { DomainError } from '../shared/domain-error';

/** 404 agent_configuration_not_found: the same answer for a missing agent and another workspace's. */
export function agentNotFound(): DomainError {
  return new DomainError('agent_configuration_not_found', 'The agent configuration was not found.');
}

/** 400: archived agents are read-only until restored. */
export function agentArchived(): DomainError {
  return new DomainError('invalid_request_error', 'The agent is archived: restore it before editing it.');
}
