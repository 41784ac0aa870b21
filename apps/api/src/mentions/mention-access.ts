import type { MentionStatus } from '@app/contracts/events/conversation/conversation-event-values';
import type { ConversationDocument } from '@app/contracts/read-models/conversation.read-models';
import type { DataSourceViewDocument } from '@app/contracts/read-models/data-source.read-models';
import { DATA_SOURCE_VIEW_TOOL_PREFIX, dataSourceViewIdOf } from '@app/contracts/render/agent-configuration.render';
import { memberKey, type SpaceDocument, type UserDocument } from '@app/contracts/read-models/workspace.read-models';
import {
  agentMentionStatus,
  userMentionStatus,
  type ConversationAccessFacts,
  type MemberFacts,
  type SpaceFacts,
} from '@app/domain/conversation/mention-status.policy';
import { Injectable } from '@nestjs/common';
import { ReadModels } from '../event-sourcing/reading/read-models';

/**
 * A mention to give a status to: a member, or an agent with the spaces it asks for and its toolset
 * (whose data source views name the spaces its data lives in).
 */
export type MentionTarget =
  | { readonly type: 'agent'; readonly id: string; readonly requestedSpaceIds: readonly string[]; readonly toolset: readonly string[] }
  | { readonly type: 'user'; readonly id: string };

/**
 * The conversation a message's mentions are judged in, as it stands before the message: an
 * existing conversation's document, or what a conversation being created starts with (its project
 * space, no content yet, nobody taking part but the author).
 */
export type MentionScope = Pick<ConversationDocument, 'workspaceId' | 'spaceId' | 'requestedSpaceIds' | 'participants'>;

/** The scope of a conversation being created in `spaceId` (a project, or none). */
export function newConversationScope(workspaceId: string, spaceId: string | null): MentionScope {
  return { workspaceId, spaceId, requestedSpaceIds: [], participants: [] };
}

/**
 * Reads, from the read models, what the mention statuses of a conversation depend on, and gives
 * each mention its status by the one policy (`mention-status.policy.ts`): a posted message and the
 * suggestions for its conversation agree.
 */
@Injectable()
export class MentionAccess {
  constructor(private readonly readModels: ReadModels) {}

  /** The access facts of a conversation; `extraParticipants` take part too (the author of a message being posted). */
  async factsOf(conversation: MentionScope, extraParticipants: readonly string[] = []): Promise<ConversationAccessFacts> {
    const spaceIds = [...new Set([...(conversation.spaceId ? [conversation.spaceId] : []), ...conversation.requestedSpaceIds])];
    const spaces = await this.spaces(conversation.workspaceId, spaceIds);
    const participantIds = [...new Set([...conversation.participants, ...extraParticipants])];
    return {
      space: conversation.spaceId ? (spaces.get(conversation.spaceId) ?? null) : null,
      usedSpaces: conversation.requestedSpaceIds.flatMap((id) => spaces.get(id) ?? []),
      participants: await this.members(conversation.workspaceId, participantIds),
    };
  }

  /** The status of each target in a conversation with these facts, by sId. */
  async statuses(workspaceId: string, facts: ConversationAccessFacts, targets: readonly MentionTarget[]): Promise<Record<string, MentionStatus>> {
    const viewSpaces = await this.viewSpaces(workspaceId, targets.flatMap((t) => (t.type === 'agent' ? t.toolset : [])));
    const agentSpaceIds = new Map(
      targets.flatMap((t) => (t.type === 'agent' ? [[t.id, [...new Set([...t.requestedSpaceIds, ...t.toolset.flatMap((id) => viewSpaces.get(id) ?? [])])]] as const] : [])),
    );
    const spaces = await this.spaces(workspaceId, [...new Set([...agentSpaceIds.values()].flat())]);
    const members = new Map((await this.members(workspaceId, targets.flatMap((t) => (t.type === 'user' ? [t.id] : [])))).map((m) => [m.userId, m]));
    const result: Record<string, MentionStatus> = {};
    for (const target of targets) {
      result[target.id] =
        target.type === 'agent'
          ? agentMentionStatus((agentSpaceIds.get(target.id) ?? []).flatMap((id) => spaces.get(id) ?? []), facts)
          : userMentionStatus(members.get(target.id) ?? { userId: target.id, isAdmin: false }, facts);
    }
    return result;
  }

  /** The space of each data source view tool (`data_source_view:<sId>`) among `toolIds`, by tool id. */
  private async viewSpaces(workspaceId: string, toolIds: readonly string[]): Promise<Map<string, string>> {
    const viewIds = [...new Set(toolIds.flatMap((id) => dataSourceViewIdOf(id) ?? []))];
    if (viewIds.length === 0) return new Map();
    const views = await this.readModels.getMany<DataSourceViewDocument>('dataSourceViews', viewIds);
    return new Map(
      [...views].flatMap(([id, view]) => (view.workspaceId === workspaceId ? [[`${DATA_SOURCE_VIEW_TOOL_PREFIX}${id}`, view.spaceId] as const] : [])),
    );
  }

  private async spaces(workspaceId: string, ids: readonly string[]): Promise<Map<string, SpaceFacts>> {
    if (ids.length === 0) return new Map();
    const docs = await this.readModels.getMany<SpaceDocument>('spaces', ids);
    const result = new Map<string, SpaceFacts>();
    for (const [id, doc] of docs) {
      if (doc.workspaceId !== workspaceId) continue;
      result.set(id, { sId: doc.sId, kind: doc.kind, isRestricted: doc.isRestricted, memberIds: doc.memberIds ?? [] });
    }
    return result;
  }

  private async members(workspaceId: string, userIds: readonly string[]): Promise<MemberFacts[]> {
    if (userIds.length === 0) return [];
    const docs = await this.readModels.getMany<UserDocument>('users', userIds.map((id) => memberKey(workspaceId, id)));
    return userIds.map((userId) => ({ userId, isAdmin: docs.get(memberKey(workspaceId, userId))?.role === 'admin' }));
  }
}
