import type { SkillConfiguration } from '@app/contracts/http/skill.types';
import { useState } from 'react';
import { Link } from 'wouter';
import { skillFileUrl, useApi } from '../api';
import styles from '../administration/administration.module.css';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { useDocumentTitle } from '../ui/document-title';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { PageHeading } from '../ui/page-heading';
import { SkillVersions } from './skill-versions';
import own from './skills.module.css';

/** `/w/:wId/skills/s/:sId`: a skill, its attached files (each a link to read it) and its versions; archive and restore for those who may change it. */
export function SkillPage({ wId, sId }: { readonly wId: string; readonly sId: string }) {
  const { skills } = useApi();
  const skill = useLoaded((signal) => skills.get(wId, sId, { signal }));
  const [round, setRound] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = skill.loaded.status === 'ready' ? skill.loaded.value.skillConfiguration : null;
  useDocumentTitle(current?.name ?? 'Skill');

  async function change(what: 'archive' | 'restore', name: string) {
    setError(null);
    setNotice(null);
    try {
      await (what === 'archive' ? skills.archive(wId, sId) : skills.restore(wId, sId));
      setNotice(what === 'archive' ? `${name} archived.` : `${name} restored.`);
      skill.reload();
      setRound((now) => now + 1);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  if (current === null) {
    return (
      <div className={styles.page}>
        <PageHeading>Skill</PageHeading>
        <LoadedPending loaded={skill.loaded} />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeading>{current.name}</PageHeading>
      <p className="muted">
        Version {current.version}
        {current.status === 'archived' ? ', archived' : ''}
      </p>
      <p>{current.userFacingDescription || 'No description.'}</p>
      {current.canWrite ? <SkillActions skill={current} onChange={(what) => void change(what, current.name)} /> : null}
      <p role="status">{notice}</p>
      <FormError message={error} />
      <section aria-labelledby="skill-instructions" className={styles.section}>
        <h2 id="skill-instructions">Instructions</h2>
        <pre className={`${styles.code} ${own.instructions}`}>
          {current.instructions}
        </pre>
      </section>
      <section aria-labelledby="skill-files" className={styles.section}>
        <h2 id="skill-files">Files</h2>
        {current.fileAttachments.length === 0 ? (
          <p className="muted">No file is attached.</p>
        ) : (
          <ul>
            {current.fileAttachments.map((file) => (
              <li key={file.fileId}>
                <a href={skillFileUrl(wId, file.fileId)} target="_blank" rel="noreferrer">
                  {file.fileName ?? file.fileId}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <SkillVersions key={`${current.version}-${round}`} wId={wId} sId={sId} />
    </div>
  );
}

function SkillActions({ skill, onChange }: { readonly skill: SkillConfiguration; readonly onChange: (what: 'archive' | 'restore') => void }) {
  return (
    <div className={styles.actions}>
      {skill.status === 'archived' ? (
        <button type="button" className="button button-secondary" onClick={() => onChange('restore')}>
          Restore
        </button>
      ) : (
        <>
          <Link href={`/s/${encodeURIComponent(skill.sId)}/edit`} className="button">
            Edit
          </Link>
          <button type="button" className="button button-secondary" onClick={() => onChange('archive')}>
            Archive
          </button>
        </>
      )}
    </div>
  );
}
