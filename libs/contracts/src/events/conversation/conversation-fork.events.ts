import type { ConversationEventBase, UserSnapshot } from './conversation-event-values';

export type { ForkOrigin } from './conversation-event-values';

/**
 * Forking (spec 2.12): a new conversation starts from the messages of another one up to a source
 * message. The parent records the child (`ConversationForked`); the child's `ConversationCreated`
 * carries its `forkedFrom`, and the fork process manager copies the files of its content fragments
 * before `ForkPrepared` lets people post in it.
 */

/** The parent conversation got a child. */
export interface ConversationForked {
  readonly type: 'ConversationForked';
  readonly data: ConversationEventBase & {
    readonly childConversationId: string;
    readonly childConversationTitle: string | null;
    readonly sourceMessageId: string;
    readonly branchedAt: number;
    readonly user: UserSnapshot;
  };
}

/** One attempt to copy the file of a copied content fragment failed; `final` when no retry follows. */
export interface ForkFileCopyFailed {
  readonly type: 'ForkFileCopyFailed';
  readonly data: ConversationEventBase & {
    /** The content fragment of the fork whose file was being copied. */
    readonly messageId: string;
    readonly sourceFileId: string;
    readonly attempt: number;
    readonly reason: string;
    readonly final: boolean;
  };
}

/** The file of a copied content fragment was copied for the fork: the fragment now names the copy. */
export interface ForkFileCopyCompleted {
  readonly type: 'ForkFileCopyCompleted';
  readonly data: ConversationEventBase & {
    readonly messageId: string;
    readonly sourceFileId: string;
    readonly fileId: string;
  };
}

/** The fork is ready: every file was copied (`done`) or some copy gave up (`failed`); posting is open. */
export interface ForkPrepared {
  readonly type: 'ForkPrepared';
  readonly data: ConversationEventBase & { readonly status: 'done' | 'failed' };
}
