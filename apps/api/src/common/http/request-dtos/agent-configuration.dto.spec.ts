import { AgentConfigurationQueryDto, AgentHistoryQueryDto, AgentListQueryDto, AgentSearchQueryDto } from '@app/contracts/http/agent-configuration-query.dto';
import { AgentAssistantDto, AgentModelDto, CreateAgentConfigurationDto, PatchAgentConfigurationDto } from '@app/contracts/http/agent-configuration.dto';
import { CreateGenericAgentDto } from '@app/contracts/http/generic-agent.dto';
import { assistant } from '../../../../../../test/support/agent-assistant-body';
import { rejection, validate } from '../../../../../../test/support/request-validation';

// The DTOs live in libs/contracts/src/http; they are checked here, through the api's validation pipe.

describe('CreateAgentConfigurationDto', () => {
  it.each([
    ['the e2e agent', assistant()],
    ['actions and tags in both forms', assistant({ actions: [{ mcpServerViewId: 'msv_search' }, 'web_browser', { name: 'n', extra: 1 }], tags: [{ sId: 'tag_1', name: 'HR' }, 'Ops'] })],
    ['the old scopes', assistant({ scope: 'private' })],
    ['a reasoning effort (checked when saved)', assistant({ model: { providerId: 'openai', modelId: 'o3', temperature: 0, reasoningEffort: 'max' } })],
    ['the minimum', { name: 'n', description: 'd', model: { providerId: 'p', modelId: 'm', temperature: 1 } }],
    ['unknown keys at every level', { ...assistant({ visualizationEnabled: true, model: { providerId: 'p', modelId: 'm', temperature: 1, responseFormat: 'x' } }), extra: 1 }],
  ])('accepts %s', async (_label, body) => {
    const dto = await validate(CreateAgentConfigurationDto, { assistant: body });
    expect(dto.assistant).toBeInstanceOf(AgentAssistantDto);
    expect(dto.assistant.model).toBeInstanceOf(AgentModelDto);
  });

  it.each([
    [{}, 'is required at "assistant"'],
    [{ assistant: 'helper' }, 'must be an object at "assistant"'],
    [{ assistant: assistant({ name: 42 }) }, 'must be a string at "assistant.name"'],
    [{ assistant: assistant({ description: undefined }) }, 'is required at "assistant.description"'],
    [{ assistant: assistant({ model: undefined }) }, 'is required at "assistant.model"'],
    [{ assistant: assistant({ model: { providerId: '', modelId: 'm', temperature: 0 } }) }, 'must not be empty at "assistant.model.providerId"'],
    [{ assistant: assistant({ model: { providerId: 'p', modelId: 'm', temperature: '0.4' } }) }, 'must be a finite number at "assistant.model.temperature"'],
    [{ assistant: assistant({ model: { providerId: 'p', modelId: 'm', temperature: 0, reasoningEffort: 1 } }) }, 'must be a string at "assistant.model.reasoningEffort"'],
    [{ assistant: assistant({ scope: 'everyone' }) }, 'must be one of: visible, hidden, workspace, published, private at "assistant.scope"'],
    [{ assistant: assistant({ status: 'archived' }) }, 'must be one of: active, draft at "assistant.status"'],
    [{ assistant: assistant({ pictureUrl: null }) }, 'must be a string at "assistant.pictureUrl"'],
    [{ assistant: assistant({ maxStepsPerRun: '6' }) }, 'must be a finite number at "assistant.maxStepsPerRun"'],
    [{ assistant: assistant({ actions: [{ mcpServerViewId: 5 }] }) }, 'must be tool ids or objects with string ids at "assistant.actions"'],
    [{ assistant: assistant({ actions: [null] }) }, 'must be tool ids or objects with string ids at "assistant.actions"'],
    [{ assistant: assistant({ actions: 'web_browser' }) }, 'must be an array at "assistant.actions"'],
    [{ assistant: assistant({ tags: [{ sId: 'tag_1' }] }) }, 'must be tag names or objects with a string name at "assistant.tags"'],
    [{ assistant: assistant({ toolset: [1] }) }, 'must be an array of strings at "assistant.toolset"'],
    [{ assistant: assistant({ requestedSpaceIds: 'vlt_1' }) }, 'must be an array at "assistant.requestedSpaceIds"'],
  ])('refuses %j', async (body, expected) => {
    expect(await rejection(CreateAgentConfigurationDto, body)).toBe(`Invalid request body: ${expected}`);
  });
});

describe('PatchAgentConfigurationDto', () => {
  it('accepts a new version, a favorite, or both', async () => {
    await expect(validate(PatchAgentConfigurationDto, { userFavorite: true })).resolves.toEqual({ userFavorite: true });
    await expect(validate(PatchAgentConfigurationDto, { assistant: assistant({ description: 'v2' }) })).resolves.toBeInstanceOf(PatchAgentConfigurationDto);
    await expect(validate(PatchAgentConfigurationDto, { assistant: assistant(), userFavorite: false })).resolves.toBeInstanceOf(PatchAgentConfigurationDto);
  });

  it.each([
    [{}, 'send "assistant" (a new version) and/or "userFavorite" (a boolean)'],
    [{ other: 1 }, 'send "assistant" (a new version) and/or "userFavorite" (a boolean)'],
    [{ userFavorite: 'yes' }, 'must be a boolean at "userFavorite"'],
    [{ assistant: null }, 'must be an object at "assistant"'],
  ])('refuses %j', async (body, expected) => {
    expect(await rejection(PatchAgentConfigurationDto, body)).toBe(`Invalid request body: ${expected}`);
  });
});

describe('CreateGenericAgentDto', () => {
  const full = { name: 'planner', description: 'Plans.', instructions: 'Plan things.', emoji: '🤖', subAgentName: 'executor', subAgentDescription: 'Executes.', subAgentInstructions: 'Do things.' };

  it('accepts an agent alone or with its whole sub-agent', async () => {
    await expect(validate(CreateGenericAgentDto, full)).resolves.toMatchObject(full);
    await expect(validate(CreateGenericAgentDto, { name: 'lone', description: 'd', instructions: 'i' })).resolves.toBeInstanceOf(CreateGenericAgentDto);
  });

  it.each([
    [{ name: 'half', description: 'd', instructions: 'i', subAgentName: 'x' }, 'subAgentName, subAgentDescription and subAgentInstructions go together'],
    [{ description: 'd', instructions: 'i' }, 'is required at "name"'],
    [{ ...full, instructions: null }, 'is required at "instructions"'],
    [{ ...full, emoji: 'x'.repeat(33) }, 'must be at most 32 characters at "emoji"'],
    [{ ...full, subAgentEmoji: 5 }, 'must be a string at "subAgentEmoji"'],
  ])('refuses %j', async (body, expected) => {
    expect(await rejection(CreateGenericAgentDto, body)).toBe(`Invalid request body: ${expected}`);
  });
});

describe('agent query DTOs', () => {
  it('reads the list view and flags with their defaults', async () => {
    expect({ ...(await validate(AgentListQueryDto, {}, 'query')) }).toEqual({ view: 'all', withAuthors: false, withUsage: false, withFeedbacks: false, withEditors: false });
    const query = { view: 'published', withAuthors: 'true', withUsage: 'false', withFeedbacks: 'true', withEditors: 'true', other: 'ignored' };
    expect(await validate(AgentListQueryDto, query, 'query')).toMatchObject({ view: 'published', withAuthors: true, withUsage: false, withFeedbacks: true, withEditors: true });
  });

  it.each([
    [AgentListQueryDto, { withAuthors: 'maybe' }, 'must be "true" or "false" at "withAuthors"'],
    [AgentListQueryDto, { withUsage: '' }, 'must be "true" or "false" at "withUsage"'],
    [AgentListQueryDto, { withEditors: '1' }, 'must be "true" or "false" at "withEditors"'],
    [AgentListQueryDto, { withFeedbacks: ['true', 'true'] }, 'must be "true" or "false" at "withFeedbacks"'],
    [AgentListQueryDto, { view: 'everything' }, 'must be one of: all, list, workspace, published, global, favorites, admin_internal, all_unrestricted, archived at "view"'],
    [AgentListQueryDto, { view: ['all'] }, 'at "view"'],
    [AgentConfigurationQueryDto, { variant: 'huge' }, 'must be one of: light, full at "variant"'],
    [AgentConfigurationQueryDto, { includeArchived: 'yes' }, 'must be "true" or "false" at "includeArchived"'],
    [AgentSearchQueryDto, {}, 'is required at "q"'],
    [AgentSearchQueryDto, { q: '  ' }, 'must not be empty at "q"'],
    [AgentSearchQueryDto, { q: ['a', 'b'] }, 'must be a string at "q"'],
    [AgentHistoryQueryDto, { limit: '0' }, 'must be an integer between 1 and 1000 at "limit"'],
    [AgentHistoryQueryDto, { limit: '1001' }, 'must be an integer between 1 and 1000 at "limit"'],
    [AgentHistoryQueryDto, { limit: '1e2' }, 'must be an integer between 1 and 1000 at "limit"'],
    [AgentHistoryQueryDto, { limit: ' 5' }, 'must be an integer between 1 and 1000 at "limit"'],
  ])('%p refuses %j', async (dto, query, expected) => {
    const message = await rejection(dto, query, 'query');
    expect(message.startsWith('Invalid query parameters: ')).toBe(true);
    expect(message).toContain(expected);
  });

  it('reads one agent, search and history parameters', async () => {
    expect({ ...(await validate(AgentConfigurationQueryDto, {}, 'query')) }).toEqual({ variant: 'light', includeArchived: false });
    expect({ ...(await validate(AgentConfigurationQueryDto, { variant: 'full', includeArchived: 'true' }, 'query')) }).toEqual({ variant: 'full', includeArchived: true });
    expect((await validate(AgentSearchQueryDto, { q: 'zEb' }, 'query')).q).toBe('zEb');
    expect((await validate(AgentHistoryQueryDto, {}, 'query')).limit).toBe(1000);
    expect((await validate(AgentHistoryQueryDto, { limit: '25' }, 'query')).limit).toBe(25);
  });
});
