import { screenChunk } from './screen-chunk';

/**
 * The skill screens (list, a skill, its editor, import), a chunk of their own fetched when a person
 * first opens Skills.
 */
export const useSkillScreens = screenChunk(() => import('../skills/screens'));
