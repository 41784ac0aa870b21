// The knowledge screens, loaded together as one chunk when a person first opens Knowledge.
export { KnowledgeScreens } from './knowledge-screens';
