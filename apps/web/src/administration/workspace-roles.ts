import type { WorkspaceRole } from '@app/contracts/events/workspace.events';

/**
 * The roles an admin can give, most rights first. A copy of the contracts' WORKSPACE_ROLES, which the
 * page may import as a type only; `satisfies` and the check below keep the two the same.
 */
export const ROLES = ['admin', 'builder', 'user'] as const satisfies readonly WorkspaceRole[];
// Fails to compile when the contracts gain a role this list lacks.
type MissingRole = Exclude<WorkspaceRole, (typeof ROLES)[number]>;
const everyRoleListed: [MissingRole] extends [never] ? true : never = true;
void everyRoleListed;

/** The role a select's value names. */
export function roleOf(value: string): WorkspaceRole {
  return ROLES.find((each) => each === value) ?? 'user';
}
