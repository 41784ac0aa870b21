import { screenChunk } from './screen-chunk';

/**
 * The knowledge screens (spaces, data sources, documents, tables), a chunk of their own fetched when
 * a person first opens Knowledge: conversations should not wait for them.
 */
export const useKnowledgeScreens = screenChunk(() => import('../knowledge/screens'));
