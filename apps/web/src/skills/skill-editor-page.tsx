import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useApi, type SkillFields } from '../api';
import styles from '../administration/administration.module.css';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { useDocumentTitle } from '../ui/document-title';
import { errorMessage } from '../ui/error-message';
import { FormError } from '../ui/form-error';
import { FormField } from '../ui/form-field';
import { PageHeading } from '../ui/page-heading';

/** `/w/:wId/skills/new` and `/s/:sId/edit`: a skill's name, description and instructions; a save creates the skill or a new version of it. */
export function SkillEditorPage({ wId, sId }: { readonly wId: string; readonly sId: string | null }) {
  const { skills } = useApi();
  const skill = useLoaded((signal) => (sId === null ? Promise.resolve(null) : skills.get(wId, sId, { signal }).then((answer) => answer.skillConfiguration)));
  useDocumentTitle(sId === null ? 'New skill' : 'Edit skill');
  if (skill.loaded.status !== 'ready') {
    return (
      <div className={styles.page}>
        <PageHeading>Edit skill</PageHeading>
        <LoadedPending loaded={skill.loaded} />
      </div>
    );
  }
  const saved = skill.loaded.value;
  return <SkillForm wId={wId} sId={sId} initial={saved === null ? { name: '', userFacingDescription: '', instructions: '' } : saved} />;
}

function SkillForm({ wId, sId, initial }: { readonly wId: string; readonly sId: string | null; readonly initial: SkillFields }) {
  const { skills } = useApi();
  const [, navigate] = useLocation();
  const [fields, setFields] = useState<SkillFields>({ name: initial.name, userFacingDescription: initial.userFacingDescription, instructions: initial.instructions });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaving(true);
    try {
      const { skillConfiguration } = sId === null ? await skills.create(wId, fields) : await skills.update(wId, sId, fields);
      navigate(`/s/${encodeURIComponent(skillConfiguration.sId)}`);
    } catch (failure) {
      setError(errorMessage(failure));
      setSaving(false);
    }
  }

  return (
    <form className={styles.page} onSubmit={(event) => void save(event)}>
      <PageHeading>{sId === null ? 'New skill' : `Edit ${initial.name}`}</PageHeading>
      <FormField label="Name" required value={fields.name} onChange={(event) => setFields({ ...fields, name: event.target.value })} />
      <FormField label="Description" value={fields.userFacingDescription} onChange={(event) => setFields({ ...fields, userFacingDescription: event.target.value })} />
      <div className="field">
        <label htmlFor="skill-instructions-field">Instructions</label>
        <textarea id="skill-instructions-field" rows={12} required value={fields.instructions} onChange={(event) => setFields({ ...fields, instructions: event.target.value })} />
      </div>
      <FormError message={error} />
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={saving}>
          {sId === null ? 'Create skill' : 'Save version'}
        </button>
      </div>
    </form>
  );
}
