import { AgentListQueryDto } from '@app/contracts/http/agent-configuration-query.dto';
import { CreateAgentConfigurationDto } from '@app/contracts/http/agent-configuration.dto';
import { CreateConversationDto } from '@app/contracts/http/conversation.dto';
import { PrivateConversationPatchDto, PublicConversationPatchDto } from '@app/contracts/http/conversation-patch.dto';
import { ListConversationsQueryDto } from '@app/contracts/http/conversation-query.dto';
import { CreateGenericAgentDto } from '@app/contracts/http/generic-agent.dto';
import { CancelMessagesDto, EditMessageDto, PostMessageDto } from '@app/contracts/http/message.dto';
import { FeedbackDto, ReactionDto } from '@app/contracts/http/message-reaction.dto';
import { UpdateWorkspaceSettingsDto } from '@app/contracts/http/workspace-settings.dto';
import { MAX_JSON_NESTING_DEPTH } from '../json-nesting';
import { rejection, validate, type DtoClass } from '../../../../../../test/support/request-validation';

// What a hostile client can send, through the api's validation pipe: every refusal must be a 400
// `invalid_request_error` ApiError (the helpers fail on anything else), and nothing may leak
// into shared prototypes.

const BODY_DTOS: readonly DtoClass<unknown>[] = [
  CreateConversationDto,
  PostMessageDto,
  EditMessageDto,
  CancelMessagesDto,
  PublicConversationPatchDto,
  PrivateConversationPatchDto,
  ReactionDto,
  FeedbackDto,
  CreateAgentConfigurationDto,
  CreateGenericAgentDto,
  UpdateWorkspaceSettingsDto,
];

const context = { username: 'ada', timezone: 'UTC' };
const message = { content: 'hi', mentions: [{ configurationId: 'dust' }], context };
const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort();

function nested(levels: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i += 1) value = { d: value };
  return value;
}

describe('bodies that are not objects', () => {
  it.each(BODY_DTOS.flatMap((dto) => [[], [1], 'body', 42, true].map((body) => [dto.name, dto, body] as const)))('%s refuses %j', async (_name, dto, body) => {
    const kind = Array.isArray(body) ? 'array' : typeof body;
    expect(await rejection(dto, body)).toBe(`Invalid request body: Expected object, received ${kind}`);
  });

  it('treats null and a missing body as {}, as `parseRequest(schema, body ?? {})` did', async () => {
    await expect(validate(CreateConversationDto, null)).resolves.toBeInstanceOf(CreateConversationDto);
    expect(await rejection(PostMessageDto, null)).toBe('Invalid request body: is required at "content"; is required at "mentions"; is required at "context"');
    expect(await rejection(ReactionDto, undefined)).toBe('Invalid request body: is required at "reaction"');
  });
});

describe('prototype pollution', () => {
  const poisoned = (inner: string) => `{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, ${inner}}`;

  afterEach(() => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(prototypeNames()).not.toContain('polluted');
  });

  it('strips __proto__ and constructor keys at every level of a passthrough body, keeping classes intact', async () => {
    const before = prototypeNames();
    const body = JSON.parse(
      poisoned(
        `"title": "t", "message": ${poisoned(`"content": "hi", "mentions": [${poisoned('"configurationId": "dust"')}], "context": ${poisoned('"timezone": "UTC"')}`)},` +
          ` "metadata": ${poisoned(`"nested": ${poisoned('"x": 1')}`)}, "contentFragment": ${poisoned(`"title": "f", "fileId": "fil_1", "context": ${poisoned('"username": "u"')}`)}`,
      ),
    );
    const dto = await validate(CreateConversationDto, body);
    expect(prototypeNames()).toEqual(before);
    expect(Object.getPrototypeOf(dto)).toBe(CreateConversationDto.prototype);
    expect(Object.getPrototypeOf(dto.message)).toBe(PostMessageDto.prototype);
    expect(dto.constructor).toBe(CreateConversationDto);
    expect(dto.metadata).toEqual({ nested: { x: 1 } });
    expect(Object.keys(dto.message?.mentions[0] ?? {})).toEqual(['configurationId']);
    expect(Object.keys(dto.message?.context ?? {})).toEqual(['timezone']);
  });

  it('cannot smuggle a required field through __proto__', async () => {
    const body = JSON.parse(`{"__proto__": {"content": "hi", "mentions": [], "context": {"timezone": "UTC"}}}`);
    expect(await rejection(PostMessageDto, body)).toContain('is required at "content"');
  });

  it.each([
    [PublicConversationPatchDto, '{"read": true, "__proto__": {"polluted": "yes"}}', '__proto__'],
    [PrivateConversationPatchDto, '{"title": "x", "constructor": {"prototype": {"polluted": "yes"}}}', 'constructor'],
    [PrivateConversationPatchDto, '{"title": "x", "prototype": {"polluted": "yes"}}', 'prototype'],
    [UpdateWorkspaceSettingsDto, '{"name": "x", "__proto__": {"polluted": "yes"}}', '__proto__'],
    [UpdateWorkspaceSettingsDto, '{"name": "x", "": 1}', ''],
  ])('refuses it on a strict body (%p), as zod .strict() did', async (dto, json, key) => {
    expect(await rejection(dto, JSON.parse(json))).toBe(`Invalid request body: Unrecognized key(s) in object: '${key}'`);
  });

  it('leaves query objects and their prototypes alone', async () => {
    const query = JSON.parse('{"__proto__": {"withAuthors": "true", "polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "view": "all"}');
    const dto = await validate(AgentListQueryDto, query, 'query');
    expect(dto.withAuthors).toBe(false);
    expect(Object.getPrototypeOf(dto)).toBe(AgentListQueryDto.prototype);
  });
});

describe('keys named like Object.prototype members', () => {
  const json = '{"toString": "x", "hasOwnProperty": 1, "valueOf": {}, "isPrototypeOf": null';

  it('are dropped from passthrough objects, so the instances still behave as objects', async () => {
    const body = JSON.parse(`${json}, "message": {"content": "hi", "mentions": [], "context": ${json}, "timezone": "UTC"}}, "metadata": ${json}, "kept": 1}}`);
    const dto = await validate(CreateConversationDto, body);
    expect(typeof dto.toString).toBe('function');
    expect(String(dto.message?.context)).toBe('[object Object]');
    expect(Object.prototype.hasOwnProperty.call(dto.metadata, 'toString')).toBe(false);
    expect(dto.metadata).toEqual({ kept: 1 });
  });

  it('are refused by strict bodies, as zod .strict() did', async () => {
    expect(await rejection(PrivateConversationPatchDto, { title: 'x', toString: 'y' })).toBe(`Invalid request body: Unrecognized key(s) in object: 'toString'`);
    expect(await rejection(PublicConversationPatchDto, JSON.parse(`${json}, "read": true}`))).toBe(
      `Invalid request body: Unrecognized key(s) in object: 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'`,
    );
  });

  it('cannot stand in for a required field', async () => {
    expect(await rejection(ReactionDto, { toString: '👍' })).toBe('Invalid request body: is required at "reaction"');
    expect(await rejection(PostMessageDto, { ...message, content: { toString: 'hi' } })).toBe('Invalid request body: must be a string at "content"');
  });

  it('are listed briefly when a client sends many long ones', async () => {
    const body = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${i}${'k'.repeat(10_000)}`, 1]));
    const text = await rejection(PublicConversationPatchDto, { read: true, ...body });
    expect(text.length).toBeLessThan(600);
    expect(text).toMatch(/and 45 more$/);
  });
});

describe('numbers past 2^53 and past Number.MAX_VALUE', () => {
  it('takes an unsafe but integral depth as zod did (JSON has already rounded it)', async () => {
    const dto = await validate(CreateConversationDto, JSON.parse('{"depth": 9007199254740993}'));
    expect(dto.depth).toBe(2 ** 53);
  });

  it.each([
    [CreateConversationDto, '{"depth": 1e400}', 'must be an integer at "depth"'],
    [CreateConversationDto, '{"depth": -9007199254740993}', 'must be greater than or equal to 0 at "depth"'],
    [PostMessageDto, '{"content": "x", "mentions": [], "context": {"timezone": "UTC", "lastTriggerRunAt": 1e400}}', 'must be an integer at "context.lastTriggerRunAt"'],
  ])('%p refuses %s', async (dto, json, expected) => {
    expect(await rejection(dto, JSON.parse(json))).toBe(`Invalid request body: ${expected}`);
  });

  it('refuses infinite agent numbers (zod let Infinity through to the domain, which refused it)', async () => {
    const assistant = JSON.parse('{"name": "n", "description": "d", "model": {"providerId": "p", "modelId": "m", "temperature": 1e400}}');
    expect(await rejection(CreateAgentConfigurationDto, { assistant })).toBe('Invalid request body: must be a finite number at "assistant.model.temperature"');
  });

  it.each([['9007199254740993'], ['1e400'], ['Infinity'], ['-0x10'], ['NaN']])('refuses limit=%s on the list query', async (limit) => {
    expect(await rejection(ListConversationsQueryDto, { limit }, 'query')).toMatch(/^Invalid query parameters: .* at "limit"$/);
  });

  it.each([['9999999999999999'], ['9007199254740992'], ['1e16'], ['1e400'], ['Infinity'], ['NaN'], ['-1']])('refuses offset=%s on the list query', async (offset) => {
    expect(await rejection(ListConversationsQueryDto, { offset }, 'query')).toMatch(/^Invalid query parameters: .* at "offset"$/);
  });

  it('takes the largest safe offset', async () => {
    expect((await validate(ListConversationsQueryDto, { offset: String(Number.MAX_SAFE_INTEGER) }, 'query')).offset).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('wrong types where objects are expected', () => {
  it.each([
    [CreateConversationDto, { message: 'hi' }, 'must be an object at "message"'],
    [CreateConversationDto, { message: ['hi'] }, 'must be an object at "message"'],
    [CreateConversationDto, { contentFragment: true }, 'must be an object at "contentFragment"'],
    [CreateConversationDto, { contentFragments: [null] }, 'must be an array of objects at "contentFragments"'],
    [CreateConversationDto, { contentFragments: [[{ title: 'f', fileId: 'f' }]] }, 'must be an array of objects at "contentFragments"'],
    [CreateConversationDto, { metadata: 'x' }, 'must be an object at "metadata"'],
    [PostMessageDto, { ...message, context: 5 }, 'must be an object at "context"'],
    [PostMessageDto, { ...message, mentions: [1] }, 'must be an array of objects at "mentions"'],
    [PostMessageDto, { ...message, mentions: { 0: { configurationId: 'dust' }, length: 1 } }, 'must be an array at "mentions"'],
    [CreateAgentConfigurationDto, { assistant: [] }, 'must be an object at "assistant"'],
    [CreateAgentConfigurationDto, { assistant: { name: 'n', description: 'd', model: 'gpt' } }, 'must be an object at "assistant.model"'],
  ])('%p refuses %j', async (dto, body, expected) => {
    expect(await rejection(dto, body)).toBe(`Invalid request body: ${expected}`);
  });
});

describe('deep nesting', () => {
  // Free-form fields have tighter bounds of their own (see free-form.spec.ts); a key no DTO declares does not.
  it(`accepts a body nested exactly ${MAX_JSON_NESTING_DEPTH} levels, keeping it whole`, async () => {
    const body = { extra: nested(MAX_JSON_NESTING_DEPTH - 1) };
    const dto = await validate(CreateConversationDto, body);
    expect(JSON.stringify(dto)).toBe(JSON.stringify(body));
  });

  it.each([
    ['objects one level too deep', CreateConversationDto, () => ({ metadata: nested(MAX_JSON_NESTING_DEPTH) })],
    ['objects 100 000 levels deep', CreateConversationDto, () => ({ metadata: nested(100_000) })],
    ['arrays 100 000 levels deep', CreateConversationDto, () => ({ metadata: { a: JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) } })],
    ['a deep unknown key', CreateConversationDto, () => ({ title: 't', extra: nested(50_000) })],
    ['a deep mention', PostMessageDto, () => ({ ...message, mentions: [{ configurationId: 'dust', data: nested(50_000) }] })],
  ])('refuses %s with a 400, not a RangeError', async (_label, dto, body) => {
    expect(await rejection(dto, body())).toBe(`Invalid request body: must not nest objects and arrays more than ${MAX_JSON_NESTING_DEPTH} levels deep`);
  });

  it('does the same for strict bodies and queries', async () => {
    expect(await rejection(UpdateWorkspaceSettingsDto, { metadata: nested(10_000) })).toContain('levels deep');
    expect(await rejection(AgentListQueryDto, { view: nested(10_000) }, 'query')).toBe(
      `Invalid query parameters: must not nest objects and arrays more than ${MAX_JSON_NESTING_DEPTH} levels deep`,
    );
  });
});

describe('sizes', () => {
  // Every item is still copied before the count is checked (zod parsed every item too); the body
  // size limit is what bounds that work. This only guards against a cost that grows faster.
  it('refuses 20 000 mentions in linear time', async () => {
    const started = Date.now();
    const mentions = Array.from({ length: 20_000 }, () => ({ configurationId: 'dust' }));
    expect(await rejection(PostMessageDto, { ...message, mentions })).toBe('Invalid request body: must hold at most 20 items at "mentions"');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
