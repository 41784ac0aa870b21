import type { ImportSkillsResponse } from '@app/contracts/http/skill.types';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useApi, type ImportConflict } from '../api';
import styles from '../administration/administration.module.css';
import { useDocumentTitle } from '../ui/document-title';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { PageHeading } from '../ui/page-heading';
import own from './skills.module.css';

const CONFLICTS: readonly { readonly value: ImportConflict; readonly label: string }[] = [
  { value: 'error', label: 'Stop the import' },
  { value: 'skip', label: 'Leave the existing skill alone' },
  { value: 'override', label: 'Save over it as a new version' },
];

/** `/w/:wId/skills/import`: uploads a SKILL.md or a zip of skill folders and shows what was imported, updated and skipped. */
export function ImportSkillsPage({ wId }: { readonly wId: string }) {
  useDocumentTitle('Import skills');
  const { skills } = useApi();
  const [file, setFile] = useState<File | null>(null);
  const [onConflict, setOnConflict] = useState<ImportConflict>('error');
  const [result, setResult] = useState<ImportSkillsResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (file === null) return;
    setError(null);
    setResult(null);
    setBusy(true);
    try {
      setResult(await skills.import(wId, file, onConflict));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.page} onSubmit={(event) => void submit(event)}>
      <PageHeading>Import skills</PageHeading>
      <p className="muted">A SKILL.md (front matter with a name and a description, then the instructions), or a zip of folders each holding one; the other files of a folder are attached to its skill.</p>
      <div className="field">
        <label htmlFor="skill-import-file">SKILL.md or zip</label>
        <input id="skill-import-file" type="file" accept=".md,.zip,text/markdown,application/zip" required onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </div>
      <fieldset className="field">
        <legend>When a skill of the same name exists</legend>
        {CONFLICTS.map((choice) => (
          <label key={choice.value} className={own.choice}>
            <input type="radio" name="onConflict" value={choice.value} checked={onConflict === choice.value} onChange={() => setOnConflict(choice.value)} /> {choice.label}
          </label>
        ))}
      </fieldset>
      <FormError message={error} />
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={busy || file === null}>
          Import
        </button>
      </div>
      <div role="status">{result === null ? null : <ImportResult result={result} />}</div>
    </form>
  );
}

function ImportResult({ result }: { readonly result: ImportSkillsResponse }) {
  const link = (skill: { sId: string; name: string }) => (
    <li key={skill.sId}>
      <Link href={`/s/${encodeURIComponent(skill.sId)}`}>{skill.name}</Link>
    </li>
  );
  return (
    <section aria-labelledby="import-result" className={styles.section}>
      <h2 id="import-result">
        Imported {result.imported.length}, updated {result.updated.length}, skipped {result.skipped.length}
      </h2>
      {result.imported.length > 0 ? <ul aria-label="Imported">{result.imported.map(link)}</ul> : null}
      {result.updated.length > 0 ? <ul aria-label="Updated">{result.updated.map(link)}</ul> : null}
      {result.skipped.length > 0 ? (
        <ul aria-label="Skipped">
          {result.skipped.map((skip) => (
            <li key={skip.skillId}>
              {skip.name}: {skip.message}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
