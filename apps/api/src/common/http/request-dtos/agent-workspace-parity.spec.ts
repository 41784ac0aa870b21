import { AgentConfigurationQueryDto, AgentListQueryDto } from '@app/contracts/http/agent-configuration-query.dto';
import { CreateAgentConfigurationDto, PatchAgentConfigurationDto } from '@app/contracts/http/agent-configuration.dto';
import { UpdateWorkspaceSettingsDto } from '@app/contracts/http/workspace-settings.dto';
import { DomainError } from '@app/domain/shared/domain-error';
import {
  agentConfigurationInput,
  flag,
  parseAgentListQuery,
  parseCreateAgentBody,
  parsePatchAgentBody,
  parseVariant,
} from '../../../agents/configurations/agent-configuration.request';
import { parseWorkspaceSettingsUpdate } from '../../../workspaces/workspace-settings.request';
import { BODY_PROBES, mutations, QUERY_PROBES } from '../../../../../../test/support/parity-cases';
import { validate, type DtoClass, type ParamType } from '../../../../../../test/support/request-validation';

// The hand-written parsers the DTOs replace, side by side with them, as the endpoints use them
// (a configuration goes on through `agentConfigurationInput`, which checks the reasoning effort and
// action ids): each valid input, and every input that differs from it at one path by one probe
// value, must be accepted or refused by both alike. (Delete with the old parsers.)

const PUBLIC_URL = 'https://dust.example';

const assistant = {
  name: 'helper',
  description: 'Answers questions.',
  instructions: 'Be precise.',
  pictureUrl: 'https://example.com/helper.png',
  status: 'active',
  scope: 'visible',
  model: { providerId: 'openai', modelId: 'gpt-4.1', temperature: 0.4, reasoningEffort: 'medium' },
  maxStepsPerRun: 6,
  actions: [{ mcpServerViewId: 'msv_search' }, 'web_browser'],
  toolset: ['t1'],
  tags: [{ sId: 'tag_1', name: 'HR' }, 'Ops'],
  templateId: null,
  requestedSpaceIds: ['vlt_1'],
};

interface Table {
  readonly name: string;
  readonly old: (input: unknown) => unknown;
  readonly dto: DtoClass<unknown>;
  readonly after?: (dto: unknown) => unknown;
  readonly bases: readonly unknown[];
  readonly type?: ParamType;
}

const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {});

const TABLES: readonly Table[] = [
  {
    name: 'create agent configuration',
    old: (body) => parseCreateAgentBody(body, PUBLIC_URL),
    dto: CreateAgentConfigurationDto,
    after: (dto) => dto instanceof CreateAgentConfigurationDto && agentConfigurationInput(dto.assistant, PUBLIC_URL),
    bases: [{ assistant }],
  },
  {
    name: 'patch agent configuration',
    old: (body) => parsePatchAgentBody(body, PUBLIC_URL),
    dto: PatchAgentConfigurationDto,
    after: (dto) => dto instanceof PatchAgentConfigurationDto && dto.assistant && agentConfigurationInput(dto.assistant, PUBLIC_URL),
    bases: [{ assistant: { ...assistant, actions: ['a'] }, userFavorite: true }, { userFavorite: false }],
  },
  {
    name: 'agent list query',
    old: (query) => parseAgentListQuery(record(query)),
    dto: AgentListQueryDto,
    bases: [{ view: 'published', withAuthors: 'true', withUsage: 'false', withFeedbacks: 'true', withEditors: 'false' }],
    type: 'query',
  },
  {
    name: 'agent query',
    old: (query) => [parseVariant(record(query)), flag(record(query), 'includeArchived')],
    dto: AgentConfigurationQueryDto,
    bases: [{ variant: 'full', includeArchived: 'true' }],
    type: 'query',
  },
  {
    name: 'workspace settings',
    old: parseWorkspaceSettingsUpdate,
    dto: UpdateWorkspaceSettingsDto,
    bases: [
      { name: 'Acme' },
      { ssoEnforced: true },
      { whiteListedProviders: ['openai', 'mistral'], defaultEmbeddingProvider: 'openai' },
      { regionalModelsOnly: false },
      { segmentation: 'interesting' },
      { metadata: { plan: 'pro', seats: 3 } },
    ],
  },
];

async function accepted(run: () => unknown): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.type === 'invalid_request_error') return false;
    throw error;
  }
}

describe.each(TABLES)('old parser parity: $name', (table) => {
  const viaDto = (input: unknown) => async () => {
    const dto = await validate(table.dto, structuredClone(input), table.type);
    return table.after?.(dto);
  };

  it('accepts every base input', async () => {
    for (const base of table.bases) {
      expect(await accepted(() => table.old(structuredClone(base)))).toBe(true);
      expect(await accepted(viaDto(base))).toBe(true);
    }
  });

  it('decides every one-probe variation as the old parser did', async () => {
    const probes = table.type === 'query' ? QUERY_PROBES : BODY_PROBES;
    const differences: string[] = [];
    for (const { label, value } of table.bases.flatMap((base) => mutations(base, probes))) {
      const old = await accepted(() => table.old(structuredClone(value)));
      const dto = await accepted(viaDto(value));
      if (old !== dto) differences.push(`${label}: old ${old ? 'accepts' : 'refuses'}, DTO ${dto ? 'accepts' : 'refuses'}`);
    }
    expect(differences).toEqual([]);
  });
});
