/**
 * Copies a file of a workspace for another conversation (a fork's content fragments get their own
 * copies). The files feature provides the implementation; without one, a fork whose fragments
 * carry files records the copies as failed and opens the fork anyway.
 */
export interface FileCopier {
  /** Copies `fileId` for `targetConversationId`; resolves with the id of the copy. Throws on failure (retried). */
  copy(workspaceId: string, fileId: string, targetConversationId: string): Promise<string>;
}

/** Injection token of the FileCopier. */
export const FILE_COPIER = Symbol('FILE_COPIER');
