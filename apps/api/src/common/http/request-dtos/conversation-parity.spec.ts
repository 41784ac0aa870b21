import { CreateConversationDto } from '@app/contracts/http/conversation.dto';
import { PrivateConversationPatchDto, PublicConversationPatchDto } from '@app/contracts/http/conversation-patch.dto';
import { ListConversationsQueryDto } from '@app/contracts/http/conversation-query.dto';
import { CancelMessagesDto, EditMessageDto, PostMessageDto } from '@app/contracts/http/message.dto';
import { FeedbackDto, ReactionDto } from '@app/contracts/http/message-reaction.dto';
import type { z } from 'zod';
import type { ContentFragmentInput } from '@app/contracts/http/content-fragment.dto';
import type { CreateConversationInput } from '@app/contracts/http/conversation.dto';
import type { MentionInput } from '@app/contracts/http/mention.dto';
import type { MessageContextInput } from '@app/contracts/http/message-context.dto';
import type { PostMessageInput } from '@app/contracts/http/message.dto';
import { mentionSchema, messageContextSchema } from '../../../conversations/requests/message-context.schema';
import {
  cancelSchema,
  contentFragmentSchema,
  createConversationSchema,
  editMessageSchema,
  feedbackSchema,
  listConversationsQuerySchema,
  postMessageSchema,
  privatePatchSchema,
  publicPatchSchema,
  reactionSchema,
} from '../../../conversations/requests/conversation.schemas';
import { BODY_PROBES, mutations, QUERY_PROBES, type Mutation } from '../../../../../../test/support/parity-cases';
import { accepts, type DtoClass, type ParamType } from '../../../../../../test/support/request-validation';

// The zod schemas the DTOs replace, side by side with them: each valid body, and every body that
// differs from it at one path by one probe value, must be accepted or refused by both alike.
// (Delete with the zod schemas.)

const context = {
  username: 'ada',
  fullName: 'Ada Lovelace',
  email: null,
  profilePictureUrl: 'https://example.com/a.png',
  timezone: 'Europe/Paris',
  origin: 'api',
  selectedSpaceIds: ['vlt_1'],
  clientSideMCPServerIds: null,
  selectedMCPServerViewIds: ['msv_1'],
  lastTriggerRunAt: 1_700_000_000_000,
};
const message = { content: 'Hi @dust', mentions: [{ configurationId: 'dust' }, { type: 'user', userId: 'usr_1' }], context, blocking: false, skipToolsValidation: false };
const inline = { title: 'notes.txt', content: 'some notes', contentType: 'text/plain', url: null, supersededContentFragmentId: null, context: { username: 'ada', email: null } };
const node = { title: 'doc', nodeId: 'node-1', nodeDataSourceViewId: 'dsv_1' };

// The DTO types stand where the zod types stood: code written for those compiles with these.
type Assignable<From extends To, To> = [From, To];
export type _DtoTypesReplaceZodTypes = [
  Assignable<PostMessageInput, z.infer<typeof postMessageSchema>>,
  Assignable<CreateConversationInput, NonNullable<z.infer<typeof createConversationSchema>>>,
  Assignable<ContentFragmentInput, z.infer<typeof contentFragmentSchema>>,
  Assignable<MessageContextInput, z.infer<typeof messageContextSchema>>,
  Assignable<MentionInput, z.infer<typeof mentionSchema>>,
  Assignable<EditMessageDto, z.infer<typeof editMessageSchema>>,
  Assignable<FeedbackDto, z.infer<typeof feedbackSchema>>,
  Assignable<ListConversationsQueryDto, z.infer<typeof listConversationsQuerySchema>>,
];

interface Table {
  readonly name: string;
  readonly schema: z.ZodTypeAny;
  readonly dto: DtoClass<unknown>;
  readonly bases: readonly unknown[];
  readonly type?: ParamType;
}

const TABLES: readonly Table[] = [
  {
    name: 'create conversation',
    schema: createConversationSchema,
    dto: CreateConversationDto,
    bases: [
      { title: 'Hello', visibility: 'workspace', spaceId: 'vlt_1', depth: 0, message, contentFragment: inline, metadata: { useDatabaseFileSystem: true }, selectedSpaceIds: ['vlt_1'], blocking: false },
      { contentFragments: [node, { title: 'f', fileId: 'fil_1' }], skipToolsValidation: true },
    ],
  },
  { name: 'post message', schema: postMessageSchema, dto: PostMessageDto, bases: [{ ...message, modelSelection: { providerId: 'openai', modelId: 'gpt-4.1' } }] },
  { name: 'edit message', schema: editMessageSchema, dto: EditMessageDto, bases: [{ content: 'v1', mentions: [{ configurationId: 'dust' }], skipToolsValidation: true }] },
  { name: 'cancel', schema: cancelSchema, dto: CancelMessagesDto, bases: [{ messageIds: ['aBcDeFgHiJ', 'x'] }] },
  { name: 'public patch', schema: publicPatchSchema, dto: PublicConversationPatchDto, bases: [{ read: true }] },
  { name: 'private patch', schema: privatePatchSchema, dto: PrivateConversationPatchDto, bases: [{ title: 'Renamed' }, { read: false }, { visibility: 'test' }] },
  { name: 'reaction', schema: reactionSchema, dto: ReactionDto, bases: [{ reaction: '👍' }] },
  { name: 'feedback', schema: feedbackSchema, dto: FeedbackDto, bases: [{ thumbDirection: 'up', feedbackContent: 'great', isConversationShared: false }] },
  { name: 'list query', schema: listConversationsQuerySchema, dto: ListConversationsQueryDto, bases: [{ limit: '5', offset: '0' }], type: 'query' },
];

function cases(table: Table): Mutation[] {
  const probes = table.type === 'query' ? QUERY_PROBES : BODY_PROBES;
  return table.bases.flatMap((base, index) => [{ label: `base ${index}`, value: base }, ...mutations(base, probes)]);
}

describe.each(TABLES)('zod parity: $name', (table) => {
  it('accepts every base body', async () => {
    for (const base of table.bases) {
      expect(table.schema.safeParse(base).success).toBe(true);
      expect(await accepts(table.dto, structuredClone(base), table.type)).toBe(true);
    }
  });

  it('decides every one-probe variation as the zod schema did', async () => {
    const differences: string[] = [];
    for (const { label, value } of cases(table)) {
      // parseRequest was called with `body ?? {}` for a new conversation only; the pipe does that for all.
      const zod = table.schema.safeParse(table.dto === CreateConversationDto ? (value ?? {}) : value).success;
      const dto = await accepts(table.dto, structuredClone(value), table.type);
      if (zod !== dto) differences.push(`${label}: zod ${zod ? 'accepts' : 'refuses'}, DTO ${dto ? 'accepts' : 'refuses'}`);
    }
    expect(differences).toEqual([]);
  });

  it.each([[[]], ['body'], [7]])('refuses a non-object body %j, as zod did', async (body) => {
    expect(table.schema.safeParse(body).success).toBe(false);
    expect(await accepts(table.dto, body, table.type)).toBe(false);
  });
});
