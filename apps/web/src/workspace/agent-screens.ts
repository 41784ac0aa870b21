import { screenChunk } from './screen-chunk';

/**
 * The agent screens (gallery, editor), a chunk of their own fetched when a person first opens
 * Agents: most visits are conversations, which should not wait for the editor.
 */
export const useAgentScreens = screenChunk(() => import('../agents/screens'));
