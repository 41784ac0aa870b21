// The tool screens, loaded together as one chunk when a person first opens Tools.
export { ToolScreens } from './tool-screens';
