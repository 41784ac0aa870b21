import type { ConversationMessage } from '@app/contracts/http/conversation-message.types';
import type {
  GetSpaceConversationsResponse,
  SyncedAgentMessage,
  SyncedContentFragment,
  SyncedConversation,
  SyncedUserMessage,
} from '@app/contracts/http/project.types';
import {
  contentOf,
  type ConversationDocument,
  type ConversationMessageDocument,
} from '@app/contracts/read-models/conversation.read-models';
import { assertNever } from '@app/contracts/assert-never';
import { conversationUrl } from '@app/contracts/render/conversation.render';
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/auth-context';
import { API_CONFIG, type ApiConfig } from '../../config/api-config';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { ProjectAccess } from '../project-access';

/**
 * The conversations of a space as a data source sync reads them (`getSpaceConversationsForDataSource()`):
 * deleted ones too, with visibility `deleted`, so that a sync removes them; `updatedSince` keeps those
 * changed since then.
 */
export class ListSpaceConversationsQuery extends Query<GetSpaceConversationsResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly spaceId: string,
    readonly updatedSince: number | null,
  ) {
    super();
  }
}

@QueryHandler(ListSpaceConversationsQuery)
export class ListSpaceConversationsHandler implements IQueryHandler<ListSpaceConversationsQuery> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly readModels: ReadModels,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async execute({ auth, spaceId, updatedSince }: ListSpaceConversationsQuery): Promise<GetSpaceConversationsResponse> {
    const space = await this.access.space(auth, spaceId);
    const docs = await this.readModels.find<ConversationDocument>('conversations', {
      where: { spaceId: space.sId },
      sort: [{ field: 'created', direction: 'asc' }],
    });
    const chosen = docs.filter((c) => c.workspaceId === auth.workspace.sId && (updatedSince === null || c.updated >= updatedSince));
    const conversations: SyncedConversation[] = [];
    for (const doc of chosen) {
      const messages = await this.readModels.find<ConversationMessageDocument>('conversationMessages', {
        where: { conversationId: doc.sId },
        sort: [
          { field: 'rank', direction: 'asc' },
          { field: 'createdPosition', direction: 'asc' },
        ],
      });
      conversations.push({
        sId: doc.sId,
        created: doc.created,
        updated: doc.updated,
        title: doc.title,
        visibility: doc.deleted ? 'deleted' : doc.visibility,
        url: conversationUrl(this.config.publicUrl, doc.workspaceId, doc.sId),
        content: doc.deleted ? [] : syncedContent(contentOf(messages)),
      });
    }
    return { conversations };
  }
}

/** The latest version of each user and agent message; the fragments before a user message go with it. */
function syncedContent(ranks: readonly ConversationMessage[][]): (SyncedUserMessage | SyncedAgentMessage)[] {
  const content: (SyncedUserMessage | SyncedAgentMessage)[] = [];
  let fragments: SyncedContentFragment[] = [];
  for (const versions of ranks) {
    const message = versions[versions.length - 1];
    if (!message) continue;
    switch (message.type) {
      case 'content_fragment':
        fragments.push({
          type: 'content_fragment',
          created: message.created,
          visibility: message.visibility,
          contentFragmentId: message.contentFragmentId,
          contentType: message.contentType,
          title: message.title,
          version: message.version,
          sourceUrl: message.sourceUrl,
        });
        break;
      case 'user_message':
        content.push({
          type: 'user_message',
          created: message.created,
          visibility: message.visibility,
          user: message.user
            ? { sId: message.user.sId, fullName: message.user.fullName, username: message.user.username, email: message.user.email }
            : null,
          content: message.content,
          contentFragments: fragments,
        });
        fragments = [];
        break;
      case 'agent_message':
        content.push({
          type: 'agent_message',
          created: message.created,
          visibility: message.visibility,
          configuration: { name: message.configuration.name },
          content: message.content,
        });
        break;
      case 'compaction_message':
        break;
      default:
        assertNever(message);
    }
  }
  return content;
}
