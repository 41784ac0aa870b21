import { AgentListQueryDto } from '@app/contracts/http/agent-configuration-query.dto';
import { CreateAgentConfigurationDto } from '@app/contracts/http/agent-configuration.dto';
import { CreateConversationDto } from '@app/contracts/http/conversation.dto';
import { PrivateConversationPatchDto, PublicConversationPatchDto } from '@app/contracts/http/conversation-patch.dto';
import { ListConversationsQueryDto } from '@app/contracts/http/conversation-query.dto';
import { CreateGenericAgentDto } from '@app/contracts/http/generic-agent.dto';
import { CancelMessagesDto, EditMessageDto, PostMessageDto } from '@app/contracts/http/message.dto';
import { FeedbackDto, ReactionDto } from '@app/contracts/http/message-reaction.dto';
import { UpdateWorkspaceSettingsDto } from '@app/contracts/http/workspace-settings.dto';
import { MAX_JSON_NESTING_DEPTH } from '@app/contracts/http/validation/json-text-bounds';
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

  const reserved = (key: string, path: string) =>
    `Invalid request body: key "${key}" is reserved${path ? ` at "${path}"` : ''} (names of JavaScript's object prototype, such as __proto__, constructor or toString, cannot be used as keys)`;

  it.each([
    ['the top of a passthrough body', CreateConversationDto, poisoned('"title": "t"'), '__proto__', ''],
    ['a message context', CreateConversationDto, `{"message": {"content": "hi", "mentions": [], "context": ${poisoned('"timezone": "UTC"')}}}`, '__proto__', 'message.context'],
    ['a mention', PostMessageDto, `{"content": "hi", "context": {"timezone": "UTC"}, "mentions": [{"configurationId": "dust", "constructor": 1}]}`, 'constructor', 'mentions[0]'],
    ['metadata, nested', CreateConversationDto, '{"metadata": {"nested": {"x": 1, "prototype": {}}}}', 'prototype', 'metadata.nested'],
  ])('refuses them in %s, naming the key and where it is, instead of dropping them', async (_where, dto, json, key, path) => {
    const before = prototypeNames();
    expect(await rejection(dto, JSON.parse(json))).toBe(reserved(key, path));
    expect(prototypeNames()).toEqual(before);
  });

  it('cannot smuggle a required field through __proto__', async () => {
    const body = JSON.parse(`{"__proto__": {"content": "hi", "mentions": [], "context": {"timezone": "UTC"}}}`);
    expect(await rejection(PostMessageDto, body)).toBe(reserved('__proto__', ''));
  });

  it.each([
    [PublicConversationPatchDto, '{"read": true, "__proto__": {"polluted": "yes"}}', '__proto__'],
    [PrivateConversationPatchDto, '{"title": "x", "constructor": {"prototype": {"polluted": "yes"}}}', 'constructor'],
    [PrivateConversationPatchDto, '{"title": "x", "prototype": {"polluted": "yes"}}', 'prototype'],
    [UpdateWorkspaceSettingsDto, '{"name": "x", "__proto__": {"polluted": "yes"}}', '__proto__'],
  ])('refuses it on a strict body (%p) with the same words', async (dto, json, key) => {
    expect(await rejection(dto, JSON.parse(json))).toBe(reserved(key, ''));
  });

  it('refuses an empty key on a strict body, as zod .strict() did', async () => {
    expect(await rejection(UpdateWorkspaceSettingsDto, JSON.parse('{"name": "x", "": 1}'))).toBe(`Invalid request body: Unrecognized key(s) in object: ''`);
  });

  it('refuses them in query objects too', async () => {
    const query = JSON.parse('{"view": "all", "constructor": "x"}');
    expect(await rejection(AgentListQueryDto, query, 'query')).toBe(reserved('constructor', '').replace('Invalid request body', 'Invalid query parameters'));
  });
});

describe('keys named like Object.prototype members', () => {
  const json = '{"toString": "x", "hasOwnProperty": 1, "valueOf": {}, "isPrototypeOf": null';
  const reserved = (key: string, path: string) =>
    `Invalid request body: key "${key}" is reserved${path ? ` at "${path}"` : ''} (names of JavaScript's object prototype, such as __proto__, constructor or toString, cannot be used as keys)`;

  it('are refused from passthrough objects and free-form values, named, rather than dropped', async () => {
    expect(await rejection(CreateConversationDto, JSON.parse(`{"metadata": ${json}, "kept": 1}}`))).toBe(reserved('toString', 'metadata'));
    expect(await rejection(PostMessageDto, JSON.parse(`{"content": "hi", "mentions": [], "context": {"timezone": "UTC", "valueOf": 1}}`))).toBe(reserved('valueOf', 'context'));
  });

  it('other keys of a passthrough object are kept as sent', async () => {
    const dto = await validate(CreateConversationDto, JSON.parse('{"metadata": {"tostring": "x", "kept": {"deep": [1, {"a": 2}]}}}'));
    expect(dto.metadata).toEqual({ tostring: 'x', kept: { deep: [1, { a: 2 }] } });
    expect(typeof dto.toString).toBe('function');
  });

  it('are refused by strict bodies with the same words', async () => {
    expect(await rejection(PrivateConversationPatchDto, { title: 'x', toString: 'y' })).toBe(reserved('toString', ''));
    expect(await rejection(PublicConversationPatchDto, JSON.parse(`${json}, "read": true}`))).toBe(reserved('toString', ''));
  });

  it('cannot stand in for a required field', async () => {
    expect(await rejection(ReactionDto, { toString: '👍' })).toBe(reserved('toString', ''));
    expect(await rejection(PostMessageDto, { ...message, content: { toString: 'hi' } })).toBe(reserved('toString', 'content'));
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
