import type { AgentSnapshot } from '@app/contracts/events/conversation/agent-message-event-values';
import type { ActingUser, Mention, MentionStatus, ModelSelection, UserMessageContext, UserSnapshot } from '@app/contracts/events/conversation/conversation-event-values';
import type { FileDocument } from '@app/contracts/read-models/file.read-models';
import type { AccountDocument } from '@app/contracts/read-models/user.read-models';
import { memberKey, type UserDocument } from '@app/contracts/read-models/workspace.read-models';
import type { MentionedUser, NewContentFragment, NewUserMessage } from '@app/domain/conversation/conversation.commands';
import { validateModelSelection } from '@app/domain/models/model-selection.policy';
import { Inject, Injectable } from '@nestjs/common';
import { AgentDirectory } from '../agents/directory/agent-directory.service';
import type { AuthContext } from '../auth/auth-context';
import { requireUser } from '../auth/roles';
import type { PathFamily } from '../common/http/path-family';
import { newSId } from '../common/ids';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ReadModels } from '../event-sourcing/reading/read-models';
import type { ContentFragmentInput } from '@app/contracts/http/content-fragment.dto';
import type { PostMessageInput } from '@app/contracts/http/message.dto';
import { ApiError } from '../common/http/api-error';
import { McpServerAggregateWriter } from '../event-sourcing/writing/aggregate-writers';
import { requireOwnLiveServers } from '../mcp/client-side-server-access';
import { InlineTextFile } from '../files/inline-text-file';
import { resolveContentNode } from './content-node-fragment';
import { MentionAccess, type MentionScope, type MentionTarget } from '../mentions/mention-access';
import { agentRunsOnMention } from '@app/domain/conversation/mention-status.policy';

/** A message's mentions, resolved, with their statuses and the agent messages they start. */
export type PreparedMentions = Pick<NewUserMessage, 'mentionedAgents' | 'mentionStatuses' | 'agentMessageIds'> & {
  readonly mentionedUsers: MentionedUser[];
};

/** Who a message's context names as its sender. */
interface Sender {
  readonly username: string;
  readonly fullName: string;
  readonly email: string;
}

/** The member behind a key as messages record it. */
export function userSnapshotOf(user: UserDocument | null): UserSnapshot | null {
  if (!user) return null;
  const [firstName, ...rest] = user.fullName.split(' ');
  return {
    sId: user.sId,
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    image: null,
    createdAt: user.createdAt,
    provider: null,
    firstName: firstName ?? user.fullName,
    lastName: rest.length > 0 ? rest.join(' ') : null,
  };
}

/** The member acting (reactions, feedback): a key bound to a user is required. */
export function actingUserOf(auth: AuthContext, what: string): ActingUser {
  requireUser(auth, what);
  const user = auth.user;
  if (!user) throw new ApiError('user_not_found', `${what} requires a user: a personal access token, or a key bound to a member.`);
  return { userId: user.sId, username: user.username, fullName: user.fullName, id: user.id };
}

/**
 * Turns a validated request into the parts of a command that need lookups: mentioned agents (404
 * `agent_configuration_not_found`), mentioned users, the model override (400 / `model_disabled`),
 * the sender, and new ids. Nothing is written here.
 */
@Injectable()
export class MessagePreparation {
  constructor(
    private readonly agents: AgentDirectory,
    private readonly readModels: ReadModels,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly mcpServers: McpServerAggregateWriter,
    private readonly inlineFiles: InlineTextFile,
    private readonly mentionAccess: MentionAccess,
  ) {}

  /**
   * The parts of a new user message, posted in `scope` (an existing conversation, or one being
   * created with it): its mentions as `mentionsIn` gives them.
   */
  async prepare(auth: AuthContext, input: PostMessageInput, family: PathFamily, scope: MentionScope): Promise<NewUserMessage> {
    const mentions = input.mentions as readonly Mention[];
    await requireOwnLiveServers(this.mcpServers, auth, input.context.clientSideMCPServerIds);
    const prepared = await this.mentionsIn(auth, mentions, scope);
    const sender = await this.signedInSender(auth, family);
    return {
      messageId: newSId(),
      content: input.content,
      mentions,
      context: this.context(auth, input.context, family, sender),
      user: userSnapshotOf(auth.user),
      modelSelection: this.modelSelection(auth, input.modelSelection),
      skipToolsValidation: input.skipToolsValidation ?? false,
      ...prepared,
    };
  }

  /**
   * The mentions of a message posted, edited or sent with a new conversation, resolved (404 for an
   * unknown agent, 400 for a non-member), each with its status by the access rules of `scope` (the
   * author taking part), and one new agent message id per agent that may run on its mention (an
   * `agent_restricted_by_space_usage` one gets none). The one path all three take, as the real
   * service gives every new message version its mentions the same way.
   */
  async mentionsIn(auth: AuthContext, mentions: readonly Mention[], scope: MentionScope): Promise<PreparedMentions> {
    const { mentionedAgents, mentionedUsers } = await this.resolveMentions(auth, mentions);
    // A message that mentions no one has no status to give: the post reads nothing more for it.
    const mentionsSomeone = mentionedAgents.length + mentionedUsers.length > 0;
    const mentionStatuses = mentionsSomeone ? await this.mentionStatuses(auth, scope, mentionedAgents, mentionedUsers) : {};
    const runnable = mentionedAgents.filter((agent) => agentRunsOnMention(mentionStatuses[agent.sId]));
    return { mentionedAgents, mentionedUsers, mentionStatuses, agentMessageIds: runnable.map(() => newSId()) };
  }

  private async mentionStatuses(
    auth: AuthContext,
    scope: MentionScope,
    agents: readonly AgentSnapshot[],
    users: readonly MentionedUser[],
  ): Promise<Record<string, MentionStatus>> {
    const facts = await this.mentionAccess.factsOf(scope, auth.user ? [auth.user.sId] : []);
    const targets: MentionTarget[] = [
      ...agents.map((agent) => ({ type: 'agent' as const, id: agent.sId, requestedSpaceIds: agent.requestedSpaceIds, toolset: agent.toolset ?? [] })),
      ...users.map((user) => ({ type: 'user' as const, id: user.sId })),
    ];
    return this.mentionAccess.statuses(auth.workspace.sId, facts, targets);
  }

  async resolveMentions(
    auth: AuthContext,
    mentions: readonly Mention[],
  ): Promise<{ mentionedAgents: AgentSnapshot[]; mentionedUsers: MentionedUser[] }> {
    const mentionedAgents: AgentSnapshot[] = [];
    const mentionedUsers: MentionedUser[] = [];
    for (const mention of mentions) {
      if ('configurationId' in mention) {
        if (mentionedAgents.some((agent) => agent.sId === mention.configurationId)) continue;
        const agent = await this.agents.resolveMention(auth.workspace, mention.configurationId, { role: auth.role, userId: auth.user?.sId ?? null });
        if (!agent) {
          throw new ApiError('agent_configuration_not_found', `The agent "${mention.configurationId}" was not found in this workspace.`);
        }
        if (agent.status !== 'active' && agent.status !== 'draft') {
          // Only the workspace's model policy makes a mentionable agent inactive (disabled_by_admin); a draft is its editor's to try.
          throw new ApiError(
            agent.status === 'disabled_by_admin' ? 'model_disabled' : 'invalid_request_error',
            `The agent "${agent.sId}" cannot answer in this workspace (status: ${agent.status}); its model is outside the workspace's allowed providers or region.`,
          );
        }
        mentionedAgents.push(agent);
      } else {
        const user = await this.readModels.get<UserDocument>('users', memberKey(auth.workspace.sId, mention.userId));
        if (!user || user.workspaceId !== auth.workspace.sId) {
          throw new ApiError('invalid_request_error', `Invalid request body: the mentioned user "${mention.userId}" is not a member of this workspace.`);
        }
        if (!mentionedUsers.some((u) => u.sId === user.sId)) mentionedUsers.push({ sId: user.sId, fullName: user.fullName, image: null });
      }
    }
    return { mentionedAgents, mentionedUsers };
  }

  /** Spec 4.3 rules 1-3: absent → agents use their own model; malformed → 400; not allowed → model_disabled. */
  modelSelection(auth: AuthContext, raw: unknown): ModelSelection | null {
    if (raw === undefined || raw === null) return null;
    const result = validateModelSelection(
      raw,
      this.config.modelCatalog,
      { whiteListedProviders: auth.workspace.whiteListedProviders, regionalModelsOnly: auth.workspace.regionalModelsOnly },
      this.config.region,
    );
    if (!result.ok) throw new ApiError(result.type, result.message);
    return { providerId: result.model.providerId, modelId: result.model.modelId, ...(result.reasoningEffort ? { reasoningEffort: result.reasoningEffort } : {}) };
  }

  /**
   * A fragment as a command: inline text stored as a file of the conversation (written here, as
   * the real service converts it to an upload; 400 for a type a file may not have), an uploaded
   * file once it is ready in this workspace (404 `file_not_found` otherwise, 400 while it is not
   * ready), and content nodes once they name a document their data source view shows. Inline text
   * is stored last, after every check that can refuse the fragment.
   */
  async fragment(
    auth: AuthContext,
    input: ContentFragmentInput,
    fallback: UserMessageContext | null,
    conversationId: string,
  ): Promise<NewContentFragment> {
    const context = input.context ?? {};
    const common = {
      messageId: newSId(),
      contentFragmentId: newSId(),
      supersededContentFragmentId: input.supersededContentFragmentId ?? null,
      title: input.title,
      context: {
        username: context.username ?? fallback?.username ?? auth.user?.username ?? null,
        fullName: context.fullName ?? fallback?.fullName ?? auth.user?.fullName ?? null,
        email: context.email ?? fallback?.email ?? auth.user?.email ?? null,
        profilePictureUrl: context.profilePictureUrl ?? fallback?.profilePictureUrl ?? null,
      },
    };
    if (input.fileId !== undefined) {
      const file = await this.readyFile(auth, input.fileId);
      return {
        ...common,
        sourceUrl: input.url ?? null,
        contentType: file.contentType,
        source: {
          kind: 'file',
          fileId: file.sId,
          sourceProvider: file.useCaseMetadata?.sourceProvider ?? null,
          sourceIcon: file.useCaseMetadata?.sourceIcon ?? null,
        },
        textBytes: file.processedBytes,
        snippet: file.snippet,
      };
    }
    if (input.nodeId !== undefined) {
      const { view, space, document } = await resolveContentNode(this.readModels, auth, input.nodeDataSourceViewId ?? '', input.nodeId);
      return {
        ...common,
        sourceUrl: input.url ?? document.sourceUrl,
        contentType: document.mimeType,
        source: { kind: 'content_node', nodeId: document.documentId, nodeDataSourceViewId: view.sId, nodeType: 'document', provider: null, spaceName: space.name },
        textBytes: document.textSize,
        snippet: document.text.slice(0, 256),
      };
    }
    const file = await this.inlineFiles.store(auth, { conversationId, title: input.title, contentType: input.contentType ?? 'text/plain', text: input.content ?? '' });
    return {
      ...common,
      // Without a url, the real service points an inline fragment at the private URL of its file.
      sourceUrl: input.url ?? `${this.config.publicUrl}/api/w/${auth.workspace.sId}/files/${file.fileId}`,
      contentType: file.contentType,
      source: { kind: 'file', fileId: file.fileId, sourceProvider: null, sourceIcon: null },
      textBytes: file.textBytes,
      snippet: file.snippet,
    };
  }

  /** An uploaded file of the caller's workspace that finished processing. */
  private async readyFile(auth: AuthContext, fileId: string): Promise<FileDocument> {
    const file = await this.readModels.get<FileDocument>('files', fileId);
    if (!file || file.workspaceId !== auth.workspace.sId) throw new ApiError('file_not_found', `The file "${fileId}" was not found.`);
    if (file.status !== 'ready') {
      const status = file.status === 'processing' ? 'created' : file.status;
      throw new ApiError('invalid_request_error', `The file "${fileId}" is not ready (status: ${status}); upload its content first.`);
    }
    return file;
  }

  /**
   * Who a signed-in person (a session or a personal access token) posting on the private family is,
   * from their account (their member document for a member without one): the web app's messages
   * say who sent them whatever the body claims. Null for keys and on the public family, where the
   * body's context stands, as on the real service.
   */
  private async signedInSender(auth: AuthContext, family: PathFamily): Promise<Sender | null> {
    if (family !== 'private' || !auth.user || (auth.via !== 'session' && auth.via !== 'token')) return null;
    const account = await this.readModels.get<AccountDocument>('accounts', auth.user.sId);
    return { username: auth.user.username, fullName: account?.fullName ?? auth.user.fullName, email: account?.email ?? auth.user.email };
  }

  private context(auth: AuthContext, raw: PostMessageInput['context'], family: PathFamily, sender: Sender | null): UserMessageContext {
    const username = sender?.username ?? (raw.username?.trim() || (family === 'private' ? auth.user?.username : undefined));
    if (!username) throw new ApiError('invalid_request_error', 'The context.username field is required.');
    return {
      username,
      timezone: raw.timezone,
      fullName: sender ? sender.fullName : (raw.fullName ?? (family === 'private' ? (auth.user?.fullName ?? null) : null)),
      email: sender ? sender.email : (raw.email ?? (family === 'private' ? (auth.user?.email ?? null) : null)),
      profilePictureUrl: raw.profilePictureUrl ?? null,
      origin: raw.origin ?? (family === 'private' ? 'web' : 'api'),
      selectedSpaceIds: raw.selectedSpaceIds ?? [],
      clientSideMCPServerIds: raw.clientSideMCPServerIds ?? null,
      selectedMCPServerViewIds: raw.selectedMCPServerViewIds ?? null,
    };
  }
}
