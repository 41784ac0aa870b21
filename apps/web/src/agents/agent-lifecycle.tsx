import styles from './agents.module.css';

interface AgentLifecycleProps {
  readonly archived: boolean;
  readonly busy: boolean;
  readonly onArchive: () => void;
  readonly onRestore: () => void;
}

/**
 * Archive, or Restore for an archived agent. No confirmation: archiving keeps every version and an
 * admin brings the agent back in one click (restore is refused only if another agent took its name).
 */
export function AgentLifecycle({ archived, busy, onArchive, onRestore }: AgentLifecycleProps) {
  return (
    <section className={styles.section} aria-labelledby="agent-lifecycle">
      <h2 id="agent-lifecycle">{archived ? 'Archived' : 'Archive'}</h2>
      {archived ? (
        <>
          <p>This agent is archived: nobody can mention it, and it takes no new version until it is restored.</p>
          <button type="button" className="button" disabled={busy} onClick={onRestore}>
            Restore
          </button>
        </>
      ) : (
        <>
          <p className="muted">An archived agent leaves the gallery and can no longer be mentioned. Its versions are kept; admins find it under Archived and can restore it.</p>
          <button type="button" className="button button-secondary" disabled={busy} onClick={onArchive}>
            Archive
          </button>
        </>
      )}
    </section>
  );
}
