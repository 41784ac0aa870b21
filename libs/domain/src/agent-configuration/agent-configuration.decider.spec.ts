import type { AgentConfigurationEvent, AgentAuthor } from '@app/contracts/events/agent-configuration.events';
import type { ModelEntry } from '@app/contracts/language-models/model.types';
import { fixtureAgentConfiguration } from '@app/contracts/test/agent-configuration.fixtures';
import { validateModelSelection, type WorkspaceModelPolicy } from '../models/model-selection.policy';
import { deciderSpec } from '../../test/decider-spec.helper';
import { canEditAgent, canReadAgent } from './agent-access.policy';
import type { AgentConfigurationCommand, AgentConfigurationInput } from './agent-configuration.commands';
import { agentConfigurationDecider } from './agent-configuration.decider';

const now = 1_700_000_000_000;
const W = 'W0rkspace1';
const A = 'Ag3nt00001';
const ada: AgentAuthor = { userId: 'Us3r000001', id: 12, fullName: 'Ada', image: null };
const catalog: ModelEntry[] = [
  {
    providerId: 'openai',
    modelId: 'gpt-4.1',
    displayName: 'GPT-4.1',
    contextSize: 1_000_000,
    reasoningEfforts: ['none'],
    defaultReasoningEffort: 'none',
    creditsPerMillionInputTokens: 1,
    creditsPerMillionOutputTokens: 1,
    regions: ['us-central1'],
  },
  {
    providerId: 'anthropic',
    modelId: 'claude-sonnet-4-5',
    displayName: 'Claude',
    contextSize: 200_000,
    reasoningEfforts: ['none', 'light', 'medium', 'high'],
    defaultReasoningEffort: 'medium',
    creditsPerMillionInputTokens: 1,
    creditsPerMillionOutputTokens: 1,
    regions: ['us-central1'],
  },
];
const openPolicy: WorkspaceModelPolicy = { whiteListedProviders: null, regionalModelsOnly: false };

const snapshot = fixtureAgentConfiguration();
/** The snapshot as requested, leaving the reasoning effort to the model's default. */
const input: AgentConfigurationInput = { ...snapshot, model: { ...snapshot.model, reasoningEffort: null } };

function check(config: AgentConfigurationInput, policy = openPolicy) {
  const { providerId, modelId, reasoningEffort } = config.model;
  return validateModelSelection({ providerId, modelId, reasoningEffort }, catalog, policy, 'us-central1');
}

function create(config: AgentConfigurationInput = input, policy = openPolicy): AgentConfigurationCommand {
  return { type: 'CreateAgentConfiguration', workspaceId: W, agentConfigurationId: A, configuration: config, modelCheck: check(config, policy), author: ada, now };
}

function update(config: AgentConfigurationInput, policy = openPolicy): AgentConfigurationCommand {
  return { type: 'UpdateAgentConfiguration', workspaceId: W, configuration: config, modelCheck: check(config, policy), author: null, now: now + 1 };
}

const spec = deciderSpec(agentConfigurationDecider);
const created: AgentConfigurationEvent = {
  type: 'AgentConfigurationCreated',
  data: { workspaceId: W, agentConfigurationId: A, version: 0, configuration: snapshot, author: ada, at: now },
};
const archived: AgentConfigurationEvent = {
  type: 'AgentConfigurationArchived',
  data: { workspaceId: W, agentConfigurationId: A, author: null, at: now + 2 },
};

describe('agent configuration decider', () => {
  it('creates version 0 with the resolved reasoning effort', () => {
    spec.given([]).when(create()).then([created]);
  });

  it('resolves a null effort to the model default', () => {
    const config = { ...input, model: { providerId: 'anthropic', modelId: 'claude-sonnet-4-5', temperature: 1, reasoningEffort: null } };
    const [event] = spec.given([]).when(create(config)).events();
    expect(event?.type === 'AgentConfigurationCreated' && event.data.configuration.model.reasoningEffort).toBe('medium');
  });

  it('a repeated create is a no-op', () => {
    spec.given([created]).when(create()).thenNothing();
  });

  it.each([
    ['a name with spaces', { name: 'my bot' }, 'name'],
    ['an empty name', { name: '' }, 'name'],
    ['a 65-character name', { name: 'a'.repeat(65) }, 'name'],
    ['a long description', { description: 'd'.repeat(257) }, 'description'],
    ['huge instructions', { instructions: 'i'.repeat(100_001) }, 'instructions'],
    ['zero steps', { maxStepsPerRun: 0 }, 'maxStepsPerRun'],
    ['65 steps', { maxStepsPerRun: 65 }, 'maxStepsPerRun'],
    ['fractional steps', { maxStepsPerRun: 1.5 }, 'maxStepsPerRun'],
  ])('rejects %s', (_label, patch, field) => {
    spec.given([]).when(create({ ...input, ...patch })).thenThrows('invalid_request_error', field);
  });

  it.each([-0.1, 2.1, Number.NaN])('rejects temperature %p', (temperature) => {
    spec.given([]).when(create({ ...input, model: { ...input.model, temperature } })).thenThrows('invalid_request_error', 'temperature');
  });

  it('rejects a model outside the catalog or not whitelisted with model_disabled', () => {
    spec.given([]).when(create({ ...input, model: { ...input.model, modelId: 'gpt-9' } })).thenThrows('model_disabled');
    spec.given([]).when(create(input, { whiteListedProviders: ['anthropic'], regionalModelsOnly: false })).thenThrows('model_disabled');
  });

  it('rejects an effort the model does not support', () => {
    spec.given([]).when(create({ ...input, model: { ...input.model, reasoningEffort: 'high' } })).thenThrows('invalid_request_error', 'reasoningEffort');
  });

  it('an update is a new version with the full snapshot', () => {
    const changed = { ...input, description: 'Helps more.', toolset: ['search', 'search', 'web'] };
    spec
      .given([created])
      .when(update(changed))
      .then([
        {
          type: 'AgentConfigurationUpdated',
          data: {
            workspaceId: W,
            agentConfigurationId: A,
            version: 1,
            configuration: { ...snapshot, description: 'Helps more.', toolset: ['search', 'web'] },
            author: null,
            at: now + 1,
          },
        },
      ]);
  });

  it("a pending placeholder's first save is still version 0, the next one version 1", () => {
    const pending: AgentConfigurationEvent = { ...created, data: { ...created.data, configuration: { ...snapshot, name: '__PENDING__', status: 'pending' } } } as AgentConfigurationEvent;
    const firstSave = { type: 'AgentConfigurationUpdated', data: { workspaceId: W, agentConfigurationId: A, version: 0, configuration: snapshot, author: null, at: now + 1 } } as const;
    spec.given([pending]).when(update(input)).then([firstSave]);
    spec
      .given([pending, firstSave])
      .when(update({ ...input, description: 'Second' }))
      .then([{ type: 'AgentConfigurationUpdated', data: { ...firstSave.data, version: 1, configuration: { ...snapshot, description: 'Second' } } }]);
  });

  it('an update that changes nothing is a no-op', () => {
    spec.given([created]).when(update(input)).thenNothing();
  });

  it('updates and archives of a missing agent or of another workspace answer 404', () => {
    spec.given([]).when(update(input)).thenThrows('agent_configuration_not_found');
    spec
      .given([created])
      .when({ type: 'ArchiveAgentConfiguration', workspaceId: 'OtherWs001', author: null, now })
      .thenThrows('agent_configuration_not_found');
  });

  it('archives once, then refuses updates until restored', () => {
    spec.given([created]).when({ type: 'ArchiveAgentConfiguration', workspaceId: W, author: null, now: now + 2 }).then([archived]);
    spec.given([created, archived]).when({ type: 'ArchiveAgentConfiguration', workspaceId: W, author: null, now }).thenNothing();
    spec.given([created, archived]).when(update({ ...input, description: 'x' })).thenThrows('invalid_request_error', 'archived');
    spec
      .given([created, archived])
      .when({ type: 'RestoreAgentConfiguration', workspaceId: W, author: ada, now: now + 3 })
      .then([{ type: 'AgentConfigurationRestored', data: { workspaceId: W, agentConfigurationId: A, author: ada, at: now + 3 } }]);
    spec.given([created]).when({ type: 'RestoreAgentConfiguration', workspaceId: W, author: ada, now }).thenNothing();
  });
});

describe('agent access policy', () => {
  const hidden = { scope: 'hidden' as const, status: 'active', editorIds: ['Us3r000001'] };
  it('lets everyone read published agents and only editors and admins read hidden ones', () => {
    expect(canReadAgent({ role: 'user', userId: null }, { ...hidden, scope: 'visible' })).toBe(true);
    expect(canReadAgent({ role: 'user', userId: 'Other00001' }, hidden)).toBe(false);
    expect(canReadAgent({ role: 'builder', userId: 'Us3r000001' }, hidden)).toBe(true);
    expect(canReadAgent({ role: 'admin', userId: null }, hidden)).toBe(true);
  });
  it('never lets anyone edit a global agent', () => {
    expect(canEditAgent({ role: 'admin', userId: null }, { scope: 'global', status: 'active', editorIds: [] })).toBe(false);
  });
  it('lets builder keys bound to no one edit, but not other members', () => {
    expect(canEditAgent({ role: 'builder', userId: null }, hidden)).toBe(true);
    expect(canEditAgent({ role: 'builder', userId: 'Other00001' }, hidden)).toBe(false);
    expect(canEditAgent({ role: 'user', userId: null }, hidden)).toBe(false);
  });
});
