import { useEffect, useRef, type ReactNode } from 'react';

// The first page of a visit keeps the browser's own focus (the top of the page); later ones move it.
let firstPageShown = false;

/**
 * A page's one h1. After a navigation inside the app it takes the focus, so a screen reader
 * announces the new page and Tab goes on from its top, as after a full page load.
 */
export function PageHeading({ children, className }: { readonly children: ReactNode; readonly className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstPageShown) ref.current?.focus();
    firstPageShown = true;
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}
