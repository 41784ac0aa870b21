import { Link } from 'wouter';
import { useDocumentTitle } from '../ui/document-title';
import { PageHeading } from '../ui/page-heading';

/** A path the app does not know, or a workspace the person is not a member of (the same answer, as the api gives). */
export function NotFoundPage({ embedded = false }: { readonly embedded?: boolean }) {
  useDocumentTitle('Not found');
  const body = (
    <div className={embedded ? 'page' : 'card'}>
      <PageHeading>Page not found</PageHeading>
      <p>Nothing is at this address, or it is not yours to see.</p>
      <p>
        <Link href="~/">Go to your workspace</Link>
      </p>
    </div>
  );
  return embedded ? body : <main className="centered">{body}</main>;
}
