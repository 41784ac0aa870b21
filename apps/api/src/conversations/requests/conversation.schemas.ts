import { MAX_INLINE_FRAGMENT_BYTES } from '@app/contracts/http/content-fragment.dto';
import { MAX_MESSAGE_CONTENT_LENGTH } from '@app/contracts/http/message.dto';
import { z } from 'zod';
import { mentionSchema, messageContextSchema } from './message-context.schema';

const nonEmptyContent = z
  .string({ required_error: 'is required' })
  .min(1, 'must not be empty')
  .max(MAX_MESSAGE_CONTENT_LENGTH, `must be at most ${MAX_MESSAGE_CONTENT_LENGTH} characters`)
  .refine((value) => value.trim().length > 0, 'must not be empty');

/** A new message, as posted on either family. `modelSelection` is checked by the model policy. */
export const postMessageSchema = z.object({
  content: nonEmptyContent,
  mentions: z.array(mentionSchema).max(20),
  context: messageContextSchema,
  modelSelection: z.unknown().optional(),
  agenticMessageData: z.unknown().optional(),
  blocking: z.boolean().optional(),
  skipToolsValidation: z.boolean().optional(),
});

export type PostMessageInput = z.infer<typeof postMessageSchema>;

/** An inline, file or content-node fragment (exactly one kind). */
export const contentFragmentSchema = z
  .object({
    title: z.string().min(1, 'must not be empty').max(512),
    content: z.string().optional(),
    contentType: z.string().min(1).max(255).optional(),
    url: z.string().max(2048).nullable().optional(),
    fileId: z.string().min(1).max(128).optional(),
    nodeId: z.string().min(1).max(512).optional(),
    nodeDataSourceViewId: z.string().min(1).max(128).optional(),
    supersededContentFragmentId: z.string().max(128).nullable().optional(),
    context: z
      .object({
        username: z.string().max(254).nullable().optional(),
        fullName: z.string().max(254).nullable().optional(),
        email: z.string().max(254).nullable().optional(),
        profilePictureUrl: z.string().max(2048).nullable().optional(),
      })
      .passthrough()
      .nullable()
      .optional(),
  })
  .passthrough()
  .superRefine((fragment, ctx) => {
    const inline = fragment.content !== undefined || fragment.contentType !== undefined;
    const kinds = [inline, fragment.fileId !== undefined, fragment.nodeId !== undefined].filter(Boolean).length;
    if (kinds !== 1) ctx.addIssue({ code: 'custom', message: 'give exactly one of {content, contentType}, {fileId}, {nodeId, nodeDataSourceViewId}' });
    if (inline && (fragment.content === undefined || fragment.contentType === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'inline fragments need both content and contentType' });
    }
    if (fragment.nodeId !== undefined && fragment.nodeDataSourceViewId === undefined) {
      ctx.addIssue({ code: 'custom', message: 'nodeDataSourceViewId is required with nodeId' });
    }
    if (fragment.content !== undefined) {
      const bytes = Buffer.byteLength(fragment.content, 'utf8');
      if (bytes === 0 || bytes > MAX_INLINE_FRAGMENT_BYTES) {
        ctx.addIssue({ code: 'custom', path: ['content'], message: `must be between 1 byte and ${MAX_INLINE_FRAGMENT_BYTES / 1024} KiB` });
      }
    }
  });

export type ContentFragmentInput = z.infer<typeof contentFragmentSchema>;

/** Conversation creation (spec 4.1, reference 2.1): every field optional; `{}` creates an empty one. */
export const createConversationSchema = z
  .object({
    title: z.string().max(512).nullable().optional(),
    visibility: z.enum(['unlisted', 'workspace', 'deleted', 'test']).optional(),
    spaceId: z.string().max(128).nullable().optional(),
    depth: z.number().int().min(0).optional(),
    message: postMessageSchema.omit({ blocking: true }).extend({ blocking: z.boolean().optional() }).nullable().optional(),
    contentFragment: contentFragmentSchema.nullable().optional(),
    contentFragments: z.array(contentFragmentSchema).max(50).optional(),
    metadata: z.object({ useDatabaseFileSystem: z.boolean().optional() }).passthrough().nullable().optional(),
    selectedSpaceIds: z.array(z.string().max(128)).max(100).optional(),
    skipToolsValidation: z.boolean().optional(),
    blocking: z.boolean().optional(),
  })
  .nullable();

export type CreateConversationInput = NonNullable<z.infer<typeof createConversationSchema>>;

export const editMessageSchema = z.object({
  content: nonEmptyContent,
  mentions: z.array(mentionSchema).max(20),
  skipToolsValidation: z.boolean().optional(),
});

export const cancelSchema = z.object({ messageIds: z.array(z.string().min(1).max(128)).min(1).max(100) });

export const publicPatchSchema = z.object({ read: z.boolean() }).strict();

export const privatePatchSchema = z.union([
  z.object({ title: z.string().max(512).nullable() }).strict(),
  z.object({ read: z.boolean() }).strict(),
  z.object({ visibility: z.enum(['unlisted', 'workspace', 'deleted', 'test']) }).strict(),
]);

export const reactionSchema = z.object({ reaction: z.string().min(1).max(64) });

export const feedbackSchema = z.object({
  thumbDirection: z.enum(['up', 'down']),
  feedbackContent: z.string().max(10_000).nullable().optional(),
  isConversationShared: z.boolean().optional(),
});

export const listConversationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

export type EditMessageInput = z.infer<typeof editMessageSchema>;
export type FeedbackInput = z.infer<typeof feedbackSchema>;
