import { ContentFragmentDto, MAX_INLINE_FRAGMENT_BYTES } from '@app/contracts/http/content-fragment.dto';
import { ConversationMetadataDto, CreateConversationDto } from '@app/contracts/http/conversation.dto';
import { PrivateConversationPatchDto, privatePatchChange, PublicConversationPatchDto } from '@app/contracts/http/conversation-patch.dto';
import { ListConversationsQueryDto } from '@app/contracts/http/conversation-query.dto';
import { PostMessageDto } from '@app/contracts/http/message.dto';
import { rejection, validate } from '../../../../../../test/support/request-validation';

// The DTOs live in libs/contracts/src/http; they are checked here, through the api's validation pipe.

const context = { username: 'ada', timezone: 'Europe/Paris', origin: 'api' };
const message = { content: 'Hi @dust', mentions: [{ configurationId: 'dust' }], context };

describe('CreateConversationDto', () => {
  it.each([
    ['an empty body', {}],
    ['no body at all', undefined],
    ['a null body', null],
    ['the e2e creation', { title: 'Hello', visibility: 'workspace', message, contentFragments: [{ title: 'notes.txt', content: 'some notes', contentType: 'text/plain' }] }],
    [
      'what the official client sends',
      {
        title: null,
        visibility: 'unlisted',
        message: { ...message, context: { ...context, fullName: 'Ada Lovelace', email: null, profilePictureUrl: null } },
        contentFragment: { title: 'brief.md', content: '# Brief', contentType: 'text/markdown', url: null },
        blocking: false,
        skipToolsValidation: false,
      },
    ],
    ['a file fragment', { contentFragment: { title: 'f', fileId: 'fil_missing' } }],
    ['a node fragment', { contentFragments: [{ title: 'n', nodeId: 'node-1', nodeDataSourceViewId: 'dsv_1', context: { username: 'bot', extra: 1 } }] }],
    ['depth, space, metadata and unknown keys', { depth: 4, spaceId: null, metadata: { useDatabaseFileSystem: true, origin: { x: 1 } }, selectedSpaceIds: ['vlt_1', ''], whatever: 1 }],
    ['nulls where zod took them', { title: null, message: null, contentFragment: null, metadata: null }],
  ])('accepts %s', async (_label, body) => {
    await expect(validate(CreateConversationDto, body)).resolves.toBeInstanceOf(CreateConversationDto);
  });

  it('builds nested instances and keeps metadata keys', async () => {
    const created = await validate(CreateConversationDto, {
      message,
      contentFragments: [{ title: 'a', fileId: 'fil_1' }],
      metadata: { useDatabaseFileSystem: false, tag: 'x' },
    });
    expect(created.message).toBeInstanceOf(PostMessageDto);
    expect(created.contentFragments?.[0]).toBeInstanceOf(ContentFragmentDto);
    expect(created.metadata).toBeInstanceOf(ConversationMetadataDto);
    expect(created.metadata).toEqual({ useDatabaseFileSystem: false, tag: 'x' });
  });

  it.each([
    [{ title: 'x'.repeat(513) }, 'must be at most 512 characters at "title"'],
    [{ visibility: 'public' }, 'must be one of: unlisted, workspace, deleted, test at "visibility"'],
    [{ visibility: null }, 'must be one of: unlisted, workspace, deleted, test at "visibility"'],
    [{ depth: -1 }, 'must be greater than or equal to 0 at "depth"'],
    [{ depth: 1.5 }, 'must be an integer at "depth"'],
    [{ depth: '2' }, 'must be an integer at "depth"'],
    [{ message: 'hello' }, 'must be an object at "message"'],
    [{ message: { ...message, context: { timezone: 'Nowhere/Land' } } }, 'at "message.context.timezone"'],
    [{ message: { ...message, mentions: [{ configurationId: '' }] } }, 'must not be empty at "message.mentions.0.configurationId"'],
    [{ contentFragments: {} }, 'must be an array at "contentFragments"'],
    [{ contentFragments: Array.from({ length: 51 }, () => ({ title: 'f', fileId: 'fil_1' })) }, 'must hold at most 50 items at "contentFragments"'],
    [{ metadata: { useDatabaseFileSystem: 'yes' } }, 'must be a boolean at "metadata.useDatabaseFileSystem"'],
    [{ metadata: [] }, 'must be an object at "metadata"'],
    [{ selectedSpaceIds: ['x'.repeat(129)] }, 'must be at most 128 characters at "selectedSpaceIds"'],
    [{ blocking: 1 }, 'must be a boolean at "blocking"'],
  ])('refuses %j', async (body, expected) => {
    expect(await rejection(CreateConversationDto, body)).toContain(expected);
  });
});

describe('ContentFragmentDto (in a new conversation)', () => {
  const create = (contentFragment: unknown) => ({ contentFragment });
  const oneKind = 'give exactly one of {content, contentType}, {fileId}, {nodeId, nodeDataSourceViewId}';

  it.each([
    [{ title: 'f' }, `${oneKind} at "contentFragment"`],
    [{ title: 'f', fileId: 'fil_1', nodeId: 'n', nodeDataSourceViewId: 'd' }, `${oneKind} at "contentFragment"`],
    [{ title: 'f', content: 'x' }, 'inline fragments need both content and contentType at "contentFragment"'],
    [{ title: 'f', contentType: 'text/plain' }, 'inline fragments need both content and contentType at "contentFragment"'],
    [{ title: 'f', nodeId: 'n' }, 'nodeDataSourceViewId is required with nodeId at "contentFragment"'],
    [{ title: '', fileId: 'fil_1' }, 'must not be empty at "contentFragment.title"'],
    [{ fileId: 'fil_1' }, 'is required at "contentFragment.title"'],
    [{ title: 'f', content: '', contentType: 'text/plain' }, 'must be between 1 byte and 512 KiB at "contentFragment.content"'],
    [{ title: 'f', content: 'é'.repeat(MAX_INLINE_FRAGMENT_BYTES / 2 + 1), contentType: 'text/plain' }, 'must be between 1 byte and 512 KiB at "contentFragment.content"'],
    [{ title: 'f', content: null, contentType: 'text/plain' }, 'must be a string at "contentFragment.content"'],
    [{ title: 'f', fileId: 'fil_1', context: { username: 'u'.repeat(255) } }, 'must be at most 254 characters at "contentFragment.context.username"'],
    [{ title: 'f', fileId: 'fil_1', context: 'me' }, 'must be an object at "contentFragment.context"'],
  ])('refuses %j', async (fragment, expected) => {
    expect(await rejection(CreateConversationDto, create(fragment))).toBe(`Invalid request body: ${expected}`);
  });

  it('reports a fragment of a list at its index', async () => {
    const body = { contentFragments: [{ title: 'a', fileId: 'f' }, { title: 'b' }] };
    expect(await rejection(CreateConversationDto, body)).toBe(`Invalid request body: ${oneKind} at "contentFragments.1"`);
  });

  it('accepts inline content of exactly 512 KiB', async () => {
    const body = create({ title: 'f', content: 'x'.repeat(MAX_INLINE_FRAGMENT_BYTES), contentType: 'text/plain' });
    await expect(validate(CreateConversationDto, body)).resolves.toBeInstanceOf(CreateConversationDto);
  });
});

describe('conversation PATCH', () => {
  it('public family: {read} and nothing else', async () => {
    await expect(validate(PublicConversationPatchDto, { read: false })).resolves.toEqual({ read: false });
    expect(await rejection(PublicConversationPatchDto, { title: 'nope' })).toBe(`Invalid request body: Unrecognized key(s) in object: 'title'`);
    expect(await rejection(PublicConversationPatchDto, {})).toBe('Invalid request body: is required at "read"');
    expect(await rejection(PublicConversationPatchDto, { read: 'true' })).toBe('Invalid request body: must be a boolean at "read"');
    expect(await rejection(PublicConversationPatchDto, { read: true, extra: 1 })).toBe(`Invalid request body: Unrecognized key(s) in object: 'extra'`);
  });

  it.each([[{ title: 'Renamed' }, { title: 'Renamed' }], [{ title: null }, { title: null }], [{ read: true }, { read: true }], [{ visibility: 'deleted' }, { visibility: 'deleted' }], [{ spaceId: 'vlt_project' }, { spaceId: 'vlt_project' }]])(
    'private family accepts %j',
    async (body, change) => {
      expect(privatePatchChange(await validate(PrivateConversationPatchDto, body))).toEqual(change);
    },
  );

  it.each([
    [{}, 'send exactly one of {title}, {read}, {visibility}, {spaceId}'],
    [{ title: 'x', read: true }, 'send exactly one of {title}, {read}, {visibility}, {spaceId}'],
    [{ title: 'x', spaceId: 'vlt_project' }, 'send exactly one of {title}, {read}, {visibility}, {spaceId}'],
    [{ title: 'x', color: 'red' }, `Unrecognized key(s) in object: 'color'`],
    [{ visibility: 'public' }, 'must be one of: unlisted, workspace, deleted, test at "visibility"'],
    [{ read: null }, 'must be a boolean at "read"'],
    [{ title: 'x'.repeat(513) }, 'must be at most 512 characters at "title"'],
  ])('private family refuses %j', async (body, expected) => {
    expect(await rejection(PrivateConversationPatchDto, body)).toBe(`Invalid request body: ${expected}`);
  });
});

describe('ListConversationsQueryDto', () => {
  it.each([
    [{}, {}],
    [{ limit: '2' }, { limit: 2 }],
    [{ limit: '2', offset: '2' }, { limit: 2, offset: 2 }],
    [{ limit: '500', offset: '0' }, { limit: 500, offset: 0 }],
    [{ offset: '' }, { offset: 0 }],
    [{ limit: '1e2' }, { limit: 100 }],
    [{ limit: ['5'] }, { limit: 5 }],
  ])('coerces %j as zod.coerce did', async (query, expected) => {
    expect({ ...(await validate(ListConversationsQueryDto, query, 'query')) }).toEqual(expected);
  });

  it.each([
    [{ limit: '0' }, 'must be greater than or equal to 1 at "limit"'],
    [{ limit: '501' }, 'must be less than or equal to 500 at "limit"'],
    [{ limit: '' }, 'must be greater than or equal to 1 at "limit"'],
    [{ limit: 'ten' }, 'must be an integer at "limit"'],
    [{ limit: '1.5' }, 'must be an integer at "limit"'],
    [{ limit: ['1', '2'] }, 'must be an integer at "limit"'],
    [{ limit: { a: '1' } }, 'must be an integer at "limit"'],
    [{ offset: '-1' }, 'must be greater than or equal to 0 at "offset"'],
    [{ limit: '9007199254740993' }, 'must be less than or equal to 500 at "limit"'],
  ])('refuses %j', async (query, expected) => {
    expect(await rejection(ListConversationsQueryDto, query, 'query')).toBe(`Invalid query parameters: ${expected}`);
  });
});
