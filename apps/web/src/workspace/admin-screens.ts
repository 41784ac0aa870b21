import { screenChunk } from './screen-chunk';

/**
 * The administration screens (members, keys, status), a chunk of their own fetched when an admin
 * first opens Administration: few visits need them, and nobody else does.
 */
export const useAdminScreens = screenChunk(() => import('../administration/screens'));
