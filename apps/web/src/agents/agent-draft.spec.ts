import type { AgentConfigurationFull } from '@app/contracts/http/agent-configuration.types';
import type { WorkspaceModelResponse } from '@app/contracts/http/workspace.types';
import { describe, expect, it } from '@jest/globals';
import { assistantOf, assistantOfVersion, draftChanged, draftOf } from './agent-draft';

function model(providerId: string, modelId: string): WorkspaceModelResponse {
  return { providerId, modelId, displayName: modelId, contextSize: 128_000, reasoningEfforts: ['none', 'medium'], defaultReasoningEffort: 'none', acceptsImages: false };
}

const MODELS = [model('openai', 'gpt-4.1'), model('mistral', 'mistral-large-latest')];

const HELPER: AgentConfigurationFull = {
  id: 1,
  sId: 'a1',
  version: 3,
  versionCreatedAt: '2026-01-02T03:04:05.000Z',
  versionAuthorId: 7,
  name: 'helper',
  description: 'Answers questions about the handbook.',
  instructions: 'Be precise.',
  pictureUrl: 'https://example.com/helper.png',
  status: 'active',
  scope: 'hidden',
  userFavorite: false,
  model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0.2, reasoningEffort: 'medium' },
  maxStepsPerRun: 6,
  tags: [{ sId: 't1', name: 'docs' }],
  templateId: null,
  requestedGroupIds: [],
  requestedSpaceIds: ['s1'],
  canRead: true,
  canEdit: true,
  actions: [],
  toolset: ['search', 'mcp_view_1'],
  skills: [],
};

describe("the agent editor's draft", () => {
  it("starts a new agent on the workspace's first model, with the service's defaults", () => {
    expect(draftOf(null, MODELS)).toEqual({
      name: '',
      description: '',
      instructions: '',
      model: 'openai/gpt-4.1',
      temperature: '0.7',
      maxSteps: '8',
      pictureUrl: '',
      toolset: [],
      toolStakes: {},
      skills: [],
    });
    expect(draftOf(null, []).model).toBe('');
  });

  it('creates an active, visible agent with the fields as typed (numbers for the api to judge)', () => {
    const draft = { ...draftOf(null, MODELS), name: 'planner', description: 'Plans.', instructions: 'Plan.', model: 'mistral/mistral-large-latest', maxSteps: '' };
    expect(assistantOf(draft, null)).toEqual({
      status: 'active',
      scope: 'visible',
      name: 'planner',
      description: 'Plans.',
      instructions: 'Plan.',
      model: { providerId: 'mistral', modelId: 'mistral-large-latest', temperature: 0.7, reasoningEffort: null },
      maxStepsPerRun: 0,
      toolset: [],
    });
  });

  it('sends the picture, tools and stakes as chosen, and no stakes once none is left', () => {
    const toolStakes = { servers: { rms_docs: 'high' as const }, tools: {} };
    const draft = { ...draftOf(HELPER, MODELS), pictureUrl: 'data:image/svg+xml,x', toolset: ['data_source_view:dsv_1', 'msv_docs'], toolStakes };
    expect(assistantOf(draft, HELPER)).toMatchObject({ pictureUrl: 'data:image/svg+xml,x', toolset: ['data_source_view:dsv_1', 'msv_docs'], toolStakes });
    expect(assistantOf({ ...draft, toolStakes: { servers: {}, tools: {} } }, { ...HELPER, toolStakes })).not.toHaveProperty('toolStakes');
    expect(draftChanged(draft, draftOf(HELPER, MODELS))).toBe(true);
    expect(draftChanged({ ...draftOf(HELPER, MODELS), toolset: [...HELPER.toolset] }, draftOf(HELPER, MODELS))).toBe(false);
  });

  it('saves a new version with what the editor does not show carried over, the effort kept while the model is', () => {
    const body = assistantOf({ ...draftOf(HELPER, MODELS), description: 'Answers in French.' }, HELPER);
    expect(body).toMatchObject({
      description: 'Answers in French.',
      pictureUrl: HELPER.pictureUrl,
      scope: 'hidden',
      status: 'active',
      toolset: ['search', 'mcp_view_1'],
      tags: [{ sId: 't1', name: 'docs' }],
      requestedSpaceIds: ['s1'],
      model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0.2, reasoningEffort: 'medium' },
      maxStepsPerRun: 6,
    });
    expect(assistantOf({ ...draftOf(HELPER, MODELS), model: 'mistral/mistral-large-latest' }, HELPER).model.reasoningEffort).toBeNull();
  });

  it('carries the tool stakes over, and sends none when the version has none', () => {
    const toolStakes = { servers: { rms_docs: 'high' as const }, tools: { search_docs: 'never_ask' as const } };
    expect(assistantOf(draftOf({ ...HELPER, toolStakes }, MODELS), { ...HELPER, toolStakes }).toolStakes).toEqual(toolStakes);
    expect(assistantOf(draftOf(HELPER, MODELS), HELPER)).not.toHaveProperty('toolStakes');
  });

  it('keeps a slash inside a model id', () => {
    expect(assistantOf({ ...draftOf(null, MODELS), model: 'ollama/library/llama3' }, null).model).toMatchObject({ providerId: 'ollama', modelId: 'library/llama3' });
  });

  it('restores an older version by saving its own fields', () => {
    const older = { ...HELPER, version: 1, name: 'helper', instructions: 'Be brief.', maxStepsPerRun: 4 };
    expect(assistantOfVersion(older)).toMatchObject({ instructions: 'Be brief.', maxStepsPerRun: 4, toolset: HELPER.toolset });
    const staked = { ...older, toolStakes: { tools: { send_email: 'high' as const } } };
    expect(assistantOfVersion(staked)).toMatchObject({ pictureUrl: HELPER.pictureUrl, toolStakes: { tools: { send_email: 'high' } } });
  });

  it('sends the skills only when chosen anew, and an older version with its own skills', () => {
    const carrying = { ...HELPER, skills: [{ sId: 'skl_a' }, { sId: 'skl_b' }] };
    expect(draftOf(carrying, MODELS).skills).toEqual(['skl_a', 'skl_b']);
    expect(assistantOf({ ...draftOf(carrying, MODELS), skills: ['skl_b', 'skl_a'] }, carrying)).not.toHaveProperty('skills');
    expect(assistantOf({ ...draftOf(carrying, MODELS), skills: ['skl_a'] }, carrying).skills).toEqual(['skl_a']);
    expect(assistantOf({ ...draftOf(carrying, MODELS), skills: [] }, carrying).skills).toEqual([]);
    expect(assistantOf({ ...draftOf(null, MODELS), skills: ['skl_c'] }, null).skills).toEqual(['skl_c']);
    expect(assistantOfVersion({ ...carrying, version: 1, skills: [] }).skills).toEqual([]);
    expect(draftChanged({ ...draftOf(carrying, MODELS), skills: ['skl_a'] }, draftOf(carrying, MODELS))).toBe(true);
  });

  it('tells a changed draft from the one read', () => {
    const read = draftOf(HELPER, MODELS);
    expect(draftChanged(read, read)).toBe(false);
    expect(draftChanged({ ...read, instructions: 'Be terse.' }, read)).toBe(true);
  });
});
