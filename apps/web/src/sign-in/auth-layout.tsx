import type { ReactNode } from 'react';
import { PageHeading } from '../ui/page-heading';
import { APP_NAME } from '../ui/document-title';

/** The frame of the pages for people not signed in yet: the app's name, one card, one heading. */
export function AuthLayout({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <main className="centered">
      <div className="card auth-card">
        <p className="brand" aria-hidden="true">
          {APP_NAME}
        </p>
        <PageHeading>{title}</PageHeading>
        {children}
      </div>
    </main>
  );
}
