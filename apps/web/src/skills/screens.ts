// The skill screens, loaded together as one chunk when a person first opens Skills.
export { SkillScreens } from './skill-screens';
