// The administration screens, loaded together as one chunk when an admin first opens Administration.
export { AdministrationScreens } from './administration-screens';
