import type { WorkspaceRole } from '@app/contracts/events/workspace.events';

/** Builders and admins create data sources and tables, upload and delete; the api refuses the others, so the page does not offer it. */
export function canWriteKnowledge(role: WorkspaceRole): boolean {
  return role === 'builder' || role === 'admin';
}
