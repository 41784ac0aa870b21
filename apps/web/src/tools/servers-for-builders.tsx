import { Link } from 'wouter';
import styles from '../administration/administration.module.css';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';

/**
 * `/w/:wId/tools/servers` for a member with the user role: the api lists remote servers to admins
 * and builders only, so the page says so in a sentence rather than showing the api's refusal.
 */
export function ServersForBuilders() {
  useDocumentTitle('Remote servers');
  return (
    <div className={styles.page}>
      <PageHeading>Remote servers</PageHeading>
      <p>Registering and listing remote MCP servers is for the workspace&apos;s admins and builders.</p>
      <p>
        The servers your agents may use are <Link href="/spaces">in your spaces</Link>.
      </p>
    </div>
  );
}
