import { useState } from 'react';
import { Link } from 'wouter';
import { useApi, type SkillListStatus } from '../api';
import styles from '../administration/administration.module.css';
import { LoadedPending, useLoaded } from '../administration/use-loaded';
import { useDocumentTitle } from '../ui/document-title';
import { FormField } from '../ui/form-field';
import { PageHeading } from '../ui/page-heading';
import { matchesSearch } from './skill-search';

/** `/w/:wId/skills` and `/archived`: the skills of one status the person reads, searched by name and description. */
export function SkillsListPage({ wId, status, builder }: { readonly wId: string; readonly status: SkillListStatus; readonly builder: boolean }) {
  const title = status === 'active' ? 'Skills' : 'Archived skills';
  useDocumentTitle(title);
  const { skills } = useApi();
  const list = useLoaded((signal) => skills.list(wId, status, { signal }));
  const [search, setSearch] = useState('');

  return (
    <div className={styles.page}>
      <PageHeading>{title}</PageHeading>
      <p className="muted">Instructions, tools and files an agent carries, or a conversation turns on.</p>
      {builder && status === 'active' ? (
        <p>
          <Link href="/new" className="button">
            New skill
          </Link>
        </p>
      ) : null}
      <FormField label="Search skills" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      <section aria-labelledby="skill-list" className={styles.section}>
        <h2 id="skill-list">{status === 'active' ? 'Active' : 'Archived'}</h2>
        {list.loaded.status !== 'ready' ? (
          <LoadedPending loaded={list.loaded} />
        ) : (
          <SkillRows skills={list.loaded.value.skillConfigurations.filter((skill) => matchesSearch(skill, search))} empty={search === '' ? 'No skill here yet.' : 'No skill matches.'} />
        )}
      </section>
    </div>
  );
}

function SkillRows({ skills, empty }: { readonly skills: readonly { sId: string; name: string; userFacingDescription: string; version: number }[]; readonly empty: string }) {
  if (skills.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className={styles.rows}>
      {skills.map((skill) => (
        <li key={skill.sId} className={styles.row}>
          <div className={styles.who}>
            <Link href={`/s/${encodeURIComponent(skill.sId)}`}>
              <strong>{skill.name}</strong>
            </Link>
            <span className="muted">{skill.userFacingDescription || 'No description.'}</span>
            <span className="muted">Version {skill.version}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
