/** A project's metadata as the official client validates it (`getSpaceMetadata()`). */
export interface ProjectMetadataResponse {
  readonly sId: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly spaceId: string;
  readonly description: string | null;
  /** The project's members, each as `:mention_user[name]{sId=…}`. */
  readonly members: string[];
}

/** `GET /api/v1/w/{wId}/spaces/{spaceId}/project_metadata`. */
export interface GetProjectMetadataResponse {
  readonly metadata: ProjectMetadataResponse | null;
}

/** `PATCH /api/w/{wId}/spaces/{spaceId}/project_metadata`. */
export interface PatchProjectMetadataResponse {
  readonly projectMetadata: ProjectMetadataResponse;
}

/** `GET …/spaces/{spaceId}/conversation_ids`: the live conversations of the space. */
export interface GetSpaceConversationIdsResponse {
  readonly conversationIds: string[];
}

/** A person who wrote a user message, as a data source sync reads them. */
export interface SyncedUser {
  readonly sId: string;
  readonly fullName: string | null;
  readonly username: string;
  readonly email: string | null;
}

/** A content fragment sent with a user message. */
export interface SyncedContentFragment {
  readonly type: 'content_fragment';
  readonly created: number;
  readonly visibility: string;
  readonly contentFragmentId: string;
  readonly contentType: string;
  readonly title: string;
  readonly version: number;
  readonly sourceUrl: string | null;
}

export interface SyncedUserMessage {
  readonly type: 'user_message';
  readonly created: number;
  readonly visibility: string;
  readonly user: SyncedUser | null;
  readonly content: string;
  readonly contentFragments: SyncedContentFragment[];
}

/** The agent that wrote a synced agent message. */
export interface SyncedAgent {
  readonly name: string;
}

export interface SyncedAgentMessage {
  readonly type: 'agent_message';
  readonly created: number;
  readonly visibility: string;
  readonly configuration: SyncedAgent;
  readonly content: string | null;
}

/** A conversation of a space as a data source sync reads it: the latest version of each message. */
export interface SyncedConversation {
  readonly sId: string;
  readonly created: number;
  readonly updated: number;
  readonly title: string | null;
  readonly visibility: string;
  readonly url: string;
  readonly content: (SyncedUserMessage | SyncedAgentMessage)[];
}

/** `GET …/spaces/{spaceId}/conversations?updatedSince=`. */
export interface GetSpaceConversationsResponse {
  readonly conversations: SyncedConversation[];
}
