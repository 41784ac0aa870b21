import { MAX_MESSAGE_CONTENT_LENGTH, CancelMessagesDto, EditMessageDto, PostMessageDto } from '@app/contracts/http/message.dto';
import { MentionDto } from '@app/contracts/http/mention.dto';
import { MessageContextDto } from '@app/contracts/http/message-context.dto';
import { FeedbackDto, ReactionDto } from '@app/contracts/http/message-reaction.dto';
import { rejection, validate } from '../../../../../../test/support/request-validation';

// The DTOs live in libs/contracts/src/http; they are checked here, through the api's validation pipe.

const context = { username: 'ada', timezone: 'Europe/Paris', origin: 'api' };
const clientContext = { username: 'ada', timezone: 'Europe/Paris', fullName: 'Ada Lovelace', email: null, profilePictureUrl: null, origin: 'api' };

describe('PostMessageDto', () => {
  it.each([
    ['an agent mention', { content: 'Hi @dust', mentions: [{ configurationId: 'dust' }], context }],
    ['no mention', { content: 'no agent', mentions: [], context }],
    ['the official client context', { content: 'And again', mentions: [{ configurationId: 'dust' }], context: clientContext }],
    ['a private-family context without username', { content: 'private hello', mentions: [], context: { timezone: 'UTC' } }],
    ['a user mention', { content: 'hey', mentions: [{ type: 'user', userId: 'usr0000001' }], context }],
    ['extra context keys', { content: 'x', mentions: [], context: { ...context, clientSideMCPServerIds: null, lastTriggerRunAt: 1_700_000_000_000, futureField: { a: 1 } } }],
    ['mentions with extra keys', { content: 'x', mentions: [{ configurationId: 'dust', label: '@dust' }, { type: 'user', userId: 'u1', name: 'Ada' }], context }],
    ['a model selection and flags', { content: 'x', mentions: [], context, modelSelection: { providerId: 'openai', modelId: 'gpt-4.1' }, blocking: true, skipToolsValidation: false }],
    ['content of the maximum length', { content: 'x'.repeat(MAX_MESSAGE_CONTENT_LENGTH), mentions: [], context }],
  ])('accepts %s', async (_label, body) => {
    const message = await validate(PostMessageDto, body);
    expect(message.content).toBe(body.content);
    expect(message.context).toBeInstanceOf(MessageContextDto);
    expect(message.mentions.every((mention) => mention instanceof MentionDto)).toBe(true);
  });

  it('keeps unknown context keys and mention keys (both are passthrough)', async () => {
    const message = await validate(PostMessageDto, { content: 'x', mentions: [{ configurationId: 'dust', label: 'L' }], context: { ...context, futureField: 7 } });
    expect(message.context.futureField).toBe(7);
    expect(message.mentions[0]).toEqual({ configurationId: 'dust', label: 'L' });
  });

  it.each([
    [{ content: '', mentions: [], context }, 'must not be empty at "content"'],
    [{ content: '   ', mentions: [], context }, 'must not be empty at "content"'],
    [{ content: 'x'.repeat(MAX_MESSAGE_CONTENT_LENGTH + 1), mentions: [], context }, `must be at most ${MAX_MESSAGE_CONTENT_LENGTH} characters at "content"`],
    [{ content: 42, mentions: [], context }, 'must be a string at "content"'],
    [{ mentions: [], context }, 'is required at "content"'],
    [{ content: 'x', context }, 'is required at "mentions"'],
    [{ content: 'x', mentions: 'dust', context }, 'must be an array at "mentions"'],
    [{ content: 'x', mentions: [] }, 'is required at "context"'],
    [{ content: 'x', mentions: [], context: 'UTC' }, 'must be an object at "context"'],
    [{ content: 'x', mentions: [], context: [context] }, 'must be an object at "context"'],
    [{ content: 'x', mentions: [], context: { ...context, timezone: 'Mars/Olympus' } }, 'must be a valid IANA time zone name (for example "UTC" or "Europe/Paris") at "context.timezone"'],
    [{ content: 'x', mentions: [], context: { username: 'ada' } }, 'is required at "context.timezone"'],
    [{ content: 'x', mentions: [], context: { ...context, origin: 'carrier-pigeon' } }, 'at "context.origin"'],
    [{ content: 'x', mentions: [], context: { ...context, username: 'u'.repeat(300) } }, 'must be shorter than 255 characters at "context.username"'],
    [{ content: 'x', mentions: [], context: { ...context, username: null } }, 'must be a string at "context.username"'],
    [{ content: 'x', mentions: [], context: { ...context, selectedSpaceIds: null } }, 'must be an array at "context.selectedSpaceIds"'],
    [{ content: 'x', mentions: [], context: { ...context, selectedSpaceIds: [''] } }, 'must not be empty at "context.selectedSpaceIds"'],
    [{ content: 'x', mentions: [], context: { ...context, lastTriggerRunAt: 1.5 } }, 'must be an integer at "context.lastTriggerRunAt"'],
    [{ content: 'x', mentions: [], context, blocking: 'yes' }, 'must be a boolean at "blocking"'],
  ])('refuses %j', async (body, expected) => {
    const message = await rejection(PostMessageDto, body);
    expect(message.startsWith('Invalid request body: ')).toBe(true);
    expect(message).toContain(expected);
  });

  it('counts length in UTF-16 code units, as zod did: variation selectors count, emoji count twice', async () => {
    const selectors = '\uFE0F'.repeat(MAX_MESSAGE_CONTENT_LENGTH + 1);
    expect(await rejection(PostMessageDto, { content: selectors, mentions: [], context })).toContain('at "content"');
    expect(await rejection(PostMessageDto, { content: 'x', mentions: [], context: { ...context, username: '😀'.repeat(128) } })).toContain('context.username');
  });
});

describe('mentions', () => {
  const post = (mentions: unknown) => ({ content: 'x', mentions, context });

  it.each([
    [[{ type: 'user', userId: 'u1', configurationId: 'dust' }]],
    [[{ type: 'agent', configurationId: 'dust' }]],
    [[{ type: 'user', userId: 'u1' }]],
    [[{ configurationId: 'dust', type: 5 }]],
    [[{ type: 'user', userId: 'u1', configurationId: 5 }]],
  ])('accepts %j (an agent or a user shape fits)', async (mentions) => {
    await expect(validate(PostMessageDto, post(mentions))).resolves.toBeInstanceOf(PostMessageDto);
  });

  it.each([
    [[{}], 'is required at "mentions.0.configurationId"'],
    [[{ configurationId: 'dust' }, { configurationId: '' }], 'must not be empty at "mentions.1.configurationId"'],
    [[{ configurationId: 'x'.repeat(129) }], 'must be at most 128 characters at "mentions.0.configurationId"'],
    [[{ configurationId: 7 }], 'must be a string at "mentions.0.configurationId"'],
    [[{ userId: 'u1' }], 'is required at "mentions.0.configurationId"'],
    [[{ type: 'user' }], 'is required at "mentions.0.userId"'],
    [[{ type: 'user', userId: '' }], 'must not be empty at "mentions.0.userId"'],
    [['dust'], 'must be an array of objects at "mentions"'],
    [[null], 'must be an array of objects at "mentions"'],
    [[[{ configurationId: 'dust' }]], 'must be an array of objects at "mentions"'],
    [Array.from({ length: 21 }, () => ({ configurationId: 'dust' })), 'must hold at most 20 items at "mentions"'],
  ])('refuses %j', async (mentions, expected) => {
    expect(await rejection(PostMessageDto, post(mentions))).toBe(`Invalid request body: ${expected}`);
  });
});

describe('EditMessageDto and CancelMessagesDto', () => {
  it('accepts what the e2e tests send', async () => {
    await expect(validate(EditMessageDto, { content: 'v1', mentions: [{ configurationId: 'dust' }] })).resolves.toMatchObject({ content: 'v1' });
    await expect(validate(EditMessageDto, { content: 'x', mentions: [], skipToolsValidation: true })).resolves.toMatchObject({ skipToolsValidation: true });
    await expect(validate(CancelMessagesDto, { messageIds: ['aBcDeFgHiJ'] })).resolves.toEqual({ messageIds: ['aBcDeFgHiJ'] });
  });

  it.each([
    [EditMessageDto, { content: ' ', mentions: [] }, 'must not be empty at "content"'],
    [EditMessageDto, { content: 'x' }, 'is required at "mentions"'],
    [CancelMessagesDto, {}, 'is required at "messageIds"'],
    [CancelMessagesDto, { messageIds: [] }, 'must hold at least 1 item at "messageIds"'],
    [CancelMessagesDto, { messageIds: [''] }, 'must not be empty at "messageIds"'],
    [CancelMessagesDto, { messageIds: [1] }, 'must be an array of strings at "messageIds"'],
    [CancelMessagesDto, { messageIds: Array.from({ length: 101 }, (_, i) => `m${i}`) }, 'must hold at most 100 items at "messageIds"'],
  ])('%p refuses %j', async (dto, body, expected) => {
    expect(await rejection(dto, body)).toBe(`Invalid request body: ${expected}`);
  });
});

describe('ReactionDto and FeedbackDto', () => {
  it('accepts what the e2e tests send', async () => {
    await expect(validate(ReactionDto, { reaction: '👍' })).resolves.toEqual({ reaction: '👍' });
    await expect(validate(FeedbackDto, { thumbDirection: 'up', feedbackContent: 'great' })).resolves.toMatchObject({ thumbDirection: 'up' });
    await expect(validate(FeedbackDto, { thumbDirection: 'down', feedbackContent: null, isConversationShared: true })).resolves.toBeInstanceOf(FeedbackDto);
  });

  it.each([
    [ReactionDto, {}, 'is required at "reaction"'],
    [ReactionDto, { reaction: '' }, 'must not be empty at "reaction"'],
    [ReactionDto, { reaction: 'x'.repeat(65) }, 'must be at most 64 characters at "reaction"'],
    [FeedbackDto, { thumbDirection: 'sideways' }, 'must be one of: up, down at "thumbDirection"'],
    [FeedbackDto, { thumbDirection: 'up', feedbackContent: 'x'.repeat(10_001) }, 'must be at most 10000 characters at "feedbackContent"'],
    [FeedbackDto, { thumbDirection: 'up', isConversationShared: null }, 'must be a boolean at "isConversationShared"'],
  ])('%p refuses %j', async (dto, body, expected) => {
    expect(await rejection(dto, body)).toBe(`Invalid request body: ${expected}`);
  });
});
