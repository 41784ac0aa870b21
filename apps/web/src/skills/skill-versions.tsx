import { useApi } from '../api';
import styles from '../administration/administration.module.css';
import { LoadedPending, useLoaded } from '../administration/use-loaded';

/** A skill's saved versions, newest first: when, by whom, and its name then. */
export function SkillVersions({ wId, sId }: { readonly wId: string; readonly sId: string }) {
  const { skills } = useApi();
  const history = useLoaded((signal) => skills.history(wId, sId, { signal }));
  return (
    <section aria-labelledby="skill-versions" className={styles.section}>
      <h2 id="skill-versions">Versions</h2>
      {history.loaded.status !== 'ready' ? (
        <LoadedPending loaded={history.loaded} />
      ) : (
        <ol className={styles.rows} reversed>
          {history.loaded.value.history.map((entry) => (
            <li key={entry.version} className={styles.row}>
              <div className={styles.who}>
                <strong>Version {entry.version}</strong>
                <span className="muted">
                  {entry.skillConfiguration.name}, saved {new Date(entry.savedAt).toLocaleString()}
                  {entry.savedBy === null ? '' : ` by ${entry.savedBy}`}
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
