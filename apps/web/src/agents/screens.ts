// The agent screens, loaded together as one chunk when a person first opens Agents.
export { AgentScreens } from './agent-screens';
