import styles from '../administration/administration.module.css';
import { FormField } from '../ui/form-field';
import type { HeaderRow } from './header-row';

/**
 * The headers of a new server, one row each. Values are typed in password fields: the api never
 * shows them back (only their names), so the page does not show them either once typed.
 */
export function HeaderRows({ rows, onChange }: { readonly rows: readonly HeaderRow[]; readonly onChange: (rows: readonly HeaderRow[]) => void }) {
  const change = (key: number, patch: Partial<HeaderRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <fieldset className={styles.section}>
      <legend>Headers (optional, such as Authorization)</legend>
      {rows.map((row, index) => (
        <div key={row.key} className={styles.inline}>
          <FormField label={`Header ${index + 1} name`} autoComplete="off" value={row.name} onChange={(event) => change(row.key, { name: event.target.value })} />
          <FormField label={`Header ${index + 1} value`} type="password" autoComplete="off" value={row.value} onChange={(event) => change(row.key, { value: event.target.value })} />
          <button type="button" className="button button-secondary button-small" aria-label={`Remove header ${index + 1}`} onClick={() => onChange(rows.filter((each) => each.key !== row.key))}>
            Remove
          </button>
        </div>
      ))}
      <button type="button" className="button button-secondary button-small" onClick={() => onChange([...rows, { key: Math.max(0, ...rows.map((row) => row.key)) + 1, name: '', value: '' }])}>
        Add a header
      </button>
    </fieldset>
  );
}
