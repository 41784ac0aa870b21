import type { WorkspaceRole } from '@app/contracts/events/workspace.events';

/** The tool screens, relative to `/w/:wId/tools` (wouter's nest). */
export function ToolScreens(_props: { readonly wId: string; readonly role: WorkspaceRole }) {
  return null;
}
