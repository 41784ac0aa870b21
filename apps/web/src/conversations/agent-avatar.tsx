import { memo } from 'react';
import styles from './conversations.module.css';
import { isLocalPicture } from './mentions';

/** An agent's picture when this server holds it, else its initial: the page loads images from here only. */
export const AgentAvatar = memo(function AgentAvatar({ name, pictureUrl }: { readonly name: string; readonly pictureUrl: string }) {
  if (isLocalPicture(pictureUrl)) return <img className={styles.avatar} src={pictureUrl} alt="" width={24} height={24} />;
  return (
    <span className={styles.avatar} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
});
