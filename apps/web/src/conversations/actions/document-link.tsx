/** A document's title, a link to it when it has an http(s) address (in a new tab, without referrer). */
export function DocumentLink({ title, url }: { readonly title: string; readonly url: string | null }) {
  if (url === null) return <>{title}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow">
      {title}
    </a>
  );
}
