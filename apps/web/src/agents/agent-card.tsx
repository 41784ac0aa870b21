import { useId } from 'react';
import { Link } from 'wouter';
import { AgentAvatar } from '../conversations/agent-avatar';
import { scopeLabel, statusNote, type GalleryAgent } from './agent-gallery-filter';
import styles from './agents.module.css';

interface AgentCardProps {
  readonly agent: GalleryAgent;
  /** Whether the person builds agents (builders, admins): Edit and Restore are theirs, on agents they may edit. */
  readonly builder: boolean;
  /** Set while one of the card's requests is on its way. */
  readonly busy: boolean;
  readonly onFavorite: (agent: GalleryAgent) => void;
  readonly onRestore: (agent: GalleryAgent) => void;
}

/**
 * One agent of the gallery: its picture, name, where it comes from, its description, and what the
 * person may do with it. Every control names the agent, so a screen reader's list of buttons (and
 * a test) can tell the cards apart.
 */
export function AgentCard({ agent, builder, busy, onFavorite, onRestore }: AgentCardProps) {
  const nameId = useId();
  const archived = agent.status === 'archived';
  const note = statusNote(agent.status);
  const editable = builder && agent.canEdit;
  return (
    <li>
      <article className={styles.card} aria-labelledby={nameId}>
        <div className={styles.cardHead}>
          <span className={styles.picture}>
            <AgentAvatar name={agent.name} pictureUrl={agent.pictureUrl} />
          </span>
          <div>
            <h2 id={nameId} className={styles.cardName}>
              {agent.name}
            </h2>
            <p className={styles.cardMeta}>
              {scopeLabel(agent.scope)}
              {note ? ` · ${note}` : ''}
            </p>
          </div>
        </div>
        <p className={styles.description}>{agent.description || <span className="muted">No description.</span>}</p>
        <div className={styles.cardActions}>
          {archived ? null : (
            // Favourites belong to the person, whatever their role; the api keeps none for archived agents.
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={`Favourite ${agent.name}`}
              aria-pressed={agent.userFavorite}
              disabled={busy}
              onClick={() => onFavorite(agent)}
            >
              <span aria-hidden="true">{agent.userFavorite ? '★' : '☆'}</span> Favourite
            </button>
          )}
          {editable && !archived ? (
            <Link href={`/${encodeURIComponent(agent.sId)}/edit`} className="button button-secondary button-small" aria-label={`Edit ${agent.name}`}>
              Edit
            </Link>
          ) : null}
          {editable && archived ? (
            <button type="button" className="button button-small" aria-label={`Restore ${agent.name}`} disabled={busy} onClick={() => onRestore(agent)}>
              Restore
            </button>
          ) : null}
        </div>
      </article>
    </li>
  );
}
