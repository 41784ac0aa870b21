import type { AgentMessageCreated, ConversationEvent, UserMessageData } from '@app/contracts/events/conversation/conversation.events';
import type { FilePart, ModelMessage, TextPart } from 'ai';
import { AttachmentBudget, type AttachmentContent } from './attachment-budget';
import { latestCompaction, summaryMessage } from './compaction-window';

/** What the model is sent for one agent message. */
export interface AgentPrompt {
  readonly system: string;
  readonly messages: ModelMessage[];
  /** The user message being answered (for the title and the tool context). */
  readonly parent: UserMessageData;
}

/** Inputs of the prompt besides the conversation's events. */
export interface PromptContext {
  readonly workspaceName: string | null;
  /** Epoch ms of the run, shown to the model in the user's timezone. */
  readonly now: number;
  /** What the attached files hold, by file id (text of the processed version, or image bytes). */
  readonly attachments?: ReadonlyMap<string, AttachmentContent>;
  /** Characters of attached text the prompt takes at most; past it, text is cut with a marker. */
  readonly attachmentBudgetChars?: number;
  /** Whether the model takes image parts; otherwise images are named but not sent. */
  readonly acceptsImages?: boolean;
  /** Sections features add after the agent's instructions (the skills enabled in the conversation). */
  readonly systemSections?: readonly string[];
}

type UserVersion = { readonly kind: 'user'; readonly data: UserMessageData; deleted?: boolean };
type AgentVersion = {
  readonly kind: 'agent';
  readonly messageId: string;
  readonly agentName: string;
  status: string;
  content: string | null;
  deleted?: boolean;
};
type FragmentVersion = {
  readonly kind: 'fragment';
  readonly title: string;
  readonly contentType: string;
  readonly textContent: string | null;
  readonly fileId: string | null;
  superseded: boolean;
  /** Its data source was deleted: the text it carried is no longer shown to agents. */
  expired: boolean;
  /** Deleted with the question it was attached to. */
  deleted?: boolean;
};
type AttachmentPart = TextPart | FilePart;
type Version = UserVersion | AgentVersion | FragmentVersion;

const DEFAULT_INSTRUCTIONS = 'You are a helpful assistant. Answer precisely and concisely.';

/**
 * Builds the prompt of an agent message from its conversation's events: the agent's instructions
 * with date, workspace and user context as the system prompt, then the conversation up to the user
 * message being answered. Each rank contributes its latest version only; agent answers that did
 * not succeed and deleted messages are left out; inline content fragments travel as attached
 * documents with the next user message; after a compaction, its summary replaces the ranks it
 * covers. Pure: the caller reads the events.
 */
export function buildAgentPrompt(
  events: readonly ConversationEvent[],
  message: AgentMessageCreated['data'],
  context: PromptContext,
): AgentPrompt {
  const ranks = new Map<number, Version[]>();
  const byId = new Map<string, Version>();
  let parentRank: number | null = null;
  let parent: UserMessageData | null = null;
  for (const event of events) {
    switch (event.type) {
      case 'UserMessagePosted':
      case 'UserMessageEdited': {
        const version: UserVersion = { kind: 'user', data: event.data };
        add(ranks, byId, event.data.rank, event.data.messageId, version);
        if (event.data.messageId === message.parentMessageId) {
          parentRank = event.data.rank;
          parent = event.data;
        }
        break;
      }
      case 'AgentMessageCreated':
        add(ranks, byId, event.data.rank, event.data.messageId, {
          kind: 'agent',
          messageId: event.data.messageId,
          agentName: event.data.configuration.name,
          status: 'created',
          content: null,
        });
        break;
      case 'AgentMessageStatusChanged': {
        const version = byId.get(event.data.messageId);
        if (version?.kind !== 'agent') break;
        version.status = event.data.status;
        if (event.data.content !== undefined) version.content = event.data.content;
        break;
      }
      case 'ContentFragmentAdded':
        add(ranks, byId, event.data.rank, event.data.messageId, {
          kind: 'fragment',
          title: event.data.title,
          contentType: event.data.contentType,
          textContent: event.data.textContent,
          fileId: event.data.fileId,
          superseded: false,
          expired: false,
        });
        break;
      case 'ContentFragmentSuperseded': {
        const version = byId.get(event.data.messageId);
        if (version?.kind === 'fragment') version.superseded = true;
        break;
      }
      case 'ContentFragmentExpired': {
        const version = byId.get(event.data.messageId);
        if (version?.kind === 'fragment') version.expired = true;
        break;
      }
      case 'MessageDeleted': {
        const version = byId.get(event.data.messageId);
        if (version) version.deleted = true;
        break;
      }
      default:
        break;
    }
  }
  if (parentRank === null || parent === null) {
    throw new Error(`User message ${message.parentMessageId} is not in conversation ${message.conversationId}`);
  }

  const answeredRank = parentRank;
  // After a compaction, its summary stands for the ranks it covers.
  const compaction = latestCompaction(events, answeredRank);
  const firstRank = compaction?.coversUpToRank ?? 0;
  const messages: ModelMessage[] = compaction ? [summaryMessage(compaction)] : [];
  const budget = new AttachmentBudget(context.attachmentBudgetChars ?? Number.POSITIVE_INFINITY);
  let attachments: AttachmentPart[] = [];
  const sortedRanks = [...ranks.keys()].filter((rank) => rank >= firstRank && rank < answeredRank).sort((a, b) => a - b);
  for (const rank of sortedRanks) {
    const latest = ranks.get(rank)?.at(-1);
    if (!latest || latest.deleted) continue;
    switch (latest.kind) {
      case 'fragment':
        if (!latest.superseded) attachments.push(...renderAttachment(latest, context, budget));
        break;
      case 'user':
        messages.push(userMessage(latest.data, attachments));
        attachments = [];
        break;
      case 'agent':
        if (latest.status === 'succeeded' && latest.content) {
          const speaker = latest.agentName === message.configuration.name ? '' : `[@${latest.agentName}] `;
          messages.push({ role: 'assistant', content: `${speaker}${latest.content}` });
        }
        break;
    }
  }
  messages.push(userMessage(parent, attachments));
  return { system: systemPrompt(message, parent, context), messages, parent };
}

function add(ranks: Map<number, Version[]>, byId: Map<string, Version>, rank: number, id: string, version: Version): void {
  const versions = ranks.get(rank) ?? [];
  versions.push(version);
  ranks.set(rank, versions);
  byId.set(id, version);
}

function userMessage(data: UserMessageData, attachments: readonly AttachmentPart[]): ModelMessage {
  const author = authorOf(data);
  return {
    role: 'user',
    content: [...attachments, { type: 'text', text: `From ${author}:\n${data.content}` }],
  };
}

function authorOf(data: UserMessageData): string {
  const fullName = data.user?.fullName ?? data.context.fullName ?? null;
  const username = data.user?.username ?? data.context.username;
  return fullName && fullName !== username ? `${fullName} (@${username})` : `@${username}`;
}

/**
 * An attached fragment as prompt parts: its text (inline, or the file's processed version) inside
 * an <attachment> tag, cut to what is left of the budget with a marker; an image as an image part
 * when the model takes them.
 */
function renderAttachment(fragment: FragmentVersion, context: PromptContext, budget: AttachmentBudget): AttachmentPart[] {
  const open = `<attachment title="${escapeAttribute(fragment.title)}" type="${escapeAttribute(fragment.contentType)}">`;
  if (fragment.expired) return [{ type: 'text', text: `${open}\n(This document was deleted with its data source; its content is no longer available.)\n</attachment>` }];
  const content: AttachmentContent | undefined =
    fragment.textContent !== null ? { kind: 'text', text: fragment.textContent } : fragment.fileId !== null ? context.attachments?.get(fragment.fileId) : undefined;
  if (content?.kind === 'image') {
    if (!context.acceptsImages) return [{ type: 'text', text: `${open}\n(An image; this model cannot see images.)\n</attachment>` }];
    return [
      { type: 'text', text: `${open}\n(The image follows.)\n</attachment>` },
      { type: 'file', data: content.bytes, mediaType: content.mediaType },
    ];
  }
  const body = content?.kind === 'text' ? budget.take(content.text, content.cut) : '(The content of this document is not available to you.)';
  return [{ type: 'text', text: `${open}\n${body}\n</attachment>` }];
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function systemPrompt(message: AgentMessageCreated['data'], parent: UserMessageData, context: PromptContext): string {
  const agent = message.configuration;
  const timezone = parent.context.timezone;
  const lines = [
    agent.instructions?.trim() || DEFAULT_INSTRUCTIONS,
    ...(context.systemSections ?? []).flatMap((section) => ['', section]),
    '',
    '## Context',
    `- You are @${agent.name}${agent.description ? `: ${agent.description}` : ''}.`,
    ...(context.workspaceName ? [`- Workspace: ${context.workspaceName}.`] : []),
    `- Current date and time: ${formatDate(context.now, timezone)}.`,
    `- You are answering ${authorOf(parent)}${parent.user?.email ? ` <${parent.user.email}>` : ''}.`,
    '- Each user message starts with a line naming its author; attached documents appear in <attachment> tags.',
  ];
  return lines.join('\n');
}

/**
 * Formatters by timezone: building an Intl.DateTimeFormat costs about 0.4 ms (more than the rest of
 * the prompt), formatting with one a few microseconds. Only valid zone names get an entry (an
 * invalid one throws when built); names are matched without regard to case, so the map is also
 * emptied when it passes MAX_DATE_FORMATS (a sender spelling one zone in every casing).
 */
const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();
const MAX_DATE_FORMATS = 1_000;

function formatDate(at: number, timezone: string): string {
  return dateFormatOf(timezone).format(at);
}

function dateFormatOf(timezone: string): Intl.DateTimeFormat {
  let format = DATE_FORMATS.get(timezone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long', timeZone: timezone });
    } catch {
      // An unknown timezone name (it is validated on input, but old events may hold anything).
      return dateFormatOf('UTC');
    }
    if (DATE_FORMATS.size >= MAX_DATE_FORMATS) DATE_FORMATS.clear();
    DATE_FORMATS.set(timezone, format);
  }
  return format;
}
