import { Link } from 'wouter';
import styles from './knowledge.module.css';

/** The way back up: Knowledge, then each level above the page, as links. */
export function Breadcrumbs({ trail }: { readonly trail: readonly { readonly href: string; readonly label: string }[] }) {
  return (
    <nav aria-label="Breadcrumbs" className={styles.breadcrumbs}>
      <Link href="/">Knowledge</Link>
      {trail.map((step) => (
        <span key={step.href}>
          <span aria-hidden="true">› </span>
          <Link href={step.href}>{step.label}</Link>
        </span>
      ))}
    </nav>
  );
}
