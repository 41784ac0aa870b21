import { Link, useLocation } from 'wouter';

/** A page of an area: its path inside the area's nest, and the link's words. */
export interface Section {
  readonly path: string;
  readonly label: string;
}

/** An area's own navigation (Administration's, Tools'): a link a page, the open one marked as current. */
export function SectionNav({ label, sections, className }: { readonly label: string; readonly sections: readonly Section[]; readonly className?: string }) {
  const [location] = useLocation();
  return (
    <nav aria-label={label} className={className}>
      {sections.map((section) => (
        <Link key={section.path} href={section.path} aria-current={location === section.path ? 'page' : undefined}>
          {section.label}
        </Link>
      ))}
    </nav>
  );
}
