import { isTimeZone, USER_MESSAGE_ORIGINS } from '@app/contracts/http/message-context.dto';
import { z } from 'zod';

const shortText = z.string().max(254, 'must be shorter than 255 characters');
const nullableShortText = shortText.nullable().optional();
const ids = z.array(z.string().min(1).max(128)).max(100);

/** Context of a message, as both families accept it; `username` is required by the public one only. */
export const messageContextSchema = z
  .object({
    username: shortText.optional(),
    fullName: nullableShortText,
    email: nullableShortText,
    profilePictureUrl: z.string().max(2048).nullable().optional(),
    timezone: shortText.refine(isTimeZone, 'must be a valid IANA time zone name (for example "UTC" or "Europe/Paris")'),
    origin: z.enum(USER_MESSAGE_ORIGINS).nullable().optional(),
    selectedSpaceIds: ids.optional(),
    clientSideMCPServerIds: ids.nullable().optional(),
    selectedMCPServerViewIds: ids.nullable().optional(),
    lastTriggerRunAt: z.number().int().nullable().optional(),
  })
  .passthrough();

export type MessageContextInput = z.infer<typeof messageContextSchema>;

export const mentionSchema = z.union([
  z.object({ configurationId: z.string().min(1).max(128) }).passthrough(),
  z.object({ type: z.literal('user'), userId: z.string().min(1).max(128) }).passthrough(),
]);

export type MentionInput = z.infer<typeof mentionSchema>;
