import type { AgentSnapshot } from '../src/events/conversation/agent-message-event-values';
import type { ConversationEventBase, UserMessageContext, UserSnapshot } from '../src/events/conversation/conversation-event-values';
import type {
  AgentMessageCreated,
  ContentFragmentAdded,
  ConversationCreated,
  UserMessagePosted,
} from '../src/events/conversation/conversation.events';
import type { ConversationWithContent } from '../src/read-models/conversation.read-models';

/**
 * Builders of conversation events for tests (deciders, projections, renderers). Not used by the
 * service itself.
 */

export const FIXTURE_WORKSPACE_ID = 'wrkspc0001';
export const FIXTURE_CONVERSATION_ID = 'cnvrstn001';
export const T0 = 1_700_000_000_000;

/** A user snapshot named after `sId`. */
export function fixtureUser(sId = 'usr0000001'): UserSnapshot {
  return { sId, username: `user-${sId}`, fullName: `User ${sId}`, email: `${sId}@example.com`, image: null };
}

/** A user message context in UTC from the API. */
export function fixtureContext(username = 'user-usr0000001'): UserMessageContext {
  return { username, timezone: 'UTC', fullName: null, email: null, profilePictureUrl: null, origin: 'api' };
}

/** An agent snapshot named after `sId`. */
export function fixtureAgent(sId = 'agent00001'): AgentSnapshot {
  return {
    id: 7,
    sId,
    version: 1,
    versionCreatedAt: null,
    versionAuthorId: null,
    name: `Agent ${sId}`,
    description: `Description of ${sId}`,
    instructions: 'Be helpful.',
    pictureUrl: `https://example.com/${sId}.png`,
    status: 'active',
    scope: 'visible',
    model: { providerId: 'openai', modelId: 'gpt-4o', temperature: 0.7 },
    maxStepsPerRun: 8,
    tags: [],
    templateId: null,
    requestedSpaceIds: [],
  };
}

/** Base of a fixture event at `T0 + offsetMs`. */
export function fixtureBase(offsetMs = 0): ConversationEventBase {
  return { conversationId: FIXTURE_CONVERSATION_ID, workspaceId: FIXTURE_WORKSPACE_ID, at: T0 + offsetMs };
}

/** ConversationCreated by `fixtureUser()`. */
export function conversationCreated(overrides: Partial<ConversationCreated['data']> = {}): ConversationCreated {
  return {
    type: 'ConversationCreated',
    data: {
      ...fixtureBase(),
      title: 'Hello',
      visibility: 'unlisted',
      depth: 0,
      spaceId: null,
      metadata: null,
      triggerId: null,
      requestedSpaceIds: [],
      createdBy: fixtureUser(),
      ...overrides,
    },
  };
}

/** UserMessagePosted by `fixtureUser()` mentioning the given agents. */
export function userMessagePosted(
  messageId: string,
  rank: number,
  agents: readonly AgentSnapshot[] = [],
  overrides: Partial<UserMessagePosted['data']> = {},
): UserMessagePosted {
  return {
    type: 'UserMessagePosted',
    data: {
      ...fixtureBase(rank),
      messageId,
      rank,
      version: 0,
      content: `message ${messageId}`,
      mentions: agents.map((a) => ({ configurationId: a.sId })),
      mentionDisplays: agents.map((a) => ({
        id: a.sId,
        type: 'agent',
        label: a.name,
        pictureUrl: a.pictureUrl,
        description: a.description,
      })),
      context: fixtureContext(),
      user: fixtureUser(),
      agenticMessageData: null,
      modelSelection: null,
      ...overrides,
    },
  };
}

/** AgentMessageCreated answering `parentMessageId`. */
export function agentMessageCreated(
  messageId: string,
  rank: number,
  parentMessageId: string,
  overrides: Partial<AgentMessageCreated['data']> = {},
): AgentMessageCreated {
  return {
    type: 'AgentMessageCreated',
    data: {
      ...fixtureBase(rank),
      messageId,
      rank,
      version: 0,
      parentMessageId,
      parentAgentMessageId: null,
      configuration: fixtureAgent(),
      skipToolsValidation: false,
      modelSelection: null,
      previousMessageId: null,
      ...overrides,
    },
  };
}

/** An inline text ContentFragmentAdded. */
export function contentFragmentAdded(
  messageId: string,
  rank: number,
  contentFragmentId: string,
  overrides: Partial<ContentFragmentAdded['data']> = {},
): ContentFragmentAdded {
  return {
    type: 'ContentFragmentAdded',
    data: {
      ...fixtureBase(rank),
      messageId,
      rank,
      contentFragmentId,
      version: 0,
      title: 'notes.txt',
      contentType: 'text/plain',
      sourceUrl: null,
      context: { username: 'user-usr0000001', fullName: null, email: null, profilePictureUrl: null },
      contentFragmentType: 'file',
      fileId: null,
      nodeId: null,
      nodeDataSourceViewId: null,
      nodeType: null,
      nodeProvider: null,
      nodeSpaceName: null,
      textBytes: 5,
      snippet: null,
      path: null,
      processedPath: null,
      skipFileProcessing: false,
      sourceProvider: null,
      sourceIcon: null,
      textContent: 'hello',
      ...overrides,
    },
  };
}

/**
 * The conversation header that `conversationCreated()` recorded at log `position` projects to, with
 * the (empty) content a reader assembles from its message documents.
 */
export function conversationDocument(position: number, overrides: Partial<ConversationWithContent> = {}): ConversationWithContent {
  return {
    id: position,
    sId: FIXTURE_CONVERSATION_ID,
    workspaceId: FIXTURE_WORKSPACE_ID,
    created: T0,
    updated: T0,
    title: 'Hello',
    visibility: 'unlisted',
    depth: 0,
    spaceId: null,
    triggerId: null,
    metadata: null,
    requestedSpaceIds: [],
    createdBy: 'usr0000001',
    participants: ['usr0000001'],
    readState: { usr0000001: T0 },
    hasError: false,
    actionRequired: false,
    deleted: false,
    nextRank: 0,
    runningAgentMessages: [],
    failedAgentMessages: [],
    lastPosition: position,
    lastRevision: position,
    content: [],
    ...overrides,
  };
}
