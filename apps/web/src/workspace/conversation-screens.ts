import { screenChunk, type ChunkState } from './screen-chunk';

/** What loading the conversation screens' chunk has come to. */
export type ScreensState = ChunkState<typeof import('../conversations/screens')>;

/**
 * The conversation screens, a chunk of their own so that the first page stays small, fetched as soon
 * as a workspace page shows rather than when one is opened (see screen-chunk.ts for why not React.lazy).
 */
export const useConversationScreens = screenChunk(() => import('../conversations/screens'));
