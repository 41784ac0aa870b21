import type { WorkspaceRole } from '@app/contracts/events/workspace.events';
import type { SelectHTMLAttributes } from 'react';
import { roleOf, ROLES } from './workspace-roles';

type RoleSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  readonly value: WorkspaceRole;
  readonly onChange: (role: WorkspaceRole) => void;
};

/** A select of the roles an admin can give; its id, class and accessible name are the caller's. */
export function RoleSelect({ value, onChange, ...select }: RoleSelectProps) {
  return (
    <select {...select} value={value} onChange={(event) => onChange(roleOf(event.target.value))}>
      {ROLES.map((each) => (
        <option key={each} value={each}>
          {each}
        </option>
      ))}
    </select>
  );
}
