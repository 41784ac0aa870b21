import { screenChunk } from './screen-chunk';

/**
 * The tool screens (MCP servers, their views, actions waiting for approval), a chunk of their own
 * fetched when a person first opens Tools.
 */
export const useToolScreens = screenChunk(() => import('../tools/screens'));
