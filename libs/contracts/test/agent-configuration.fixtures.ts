import type { AgentConfigurationSnapshot } from '../src/events/agent-configuration.events';

/**
 * Builders of agent configuration facts for tests (deciders, projections). Not used by the service
 * itself.
 */

/** A visible, active custom agent on gpt-4.1 with no tools, as its events record it. */
export function fixtureAgentConfiguration(overrides: Partial<AgentConfigurationSnapshot> = {}): AgentConfigurationSnapshot {
  return {
    name: 'helper-bot',
    description: 'Helps.',
    instructions: 'Be kind.',
    pictureUrl: 'https://example.com/a.png',
    model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0.7, reasoningEffort: 'none' },
    maxStepsPerRun: 8,
    scope: 'visible',
    status: 'active',
    tags: [],
    templateId: null,
    requestedSpaceIds: [],
    toolset: [],
    ...overrides,
  };
}
