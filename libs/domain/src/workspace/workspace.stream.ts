/** Stream of one workspace's history. */
export function toWorkspaceStreamName(workspaceId: string): string {
  return `workspace-${workspaceId}`;
}
