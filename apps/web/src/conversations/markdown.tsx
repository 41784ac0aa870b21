import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { memo } from 'react';
import { citeExtension, numberCitations } from './actions/cite-directive';
import { NO_SOURCES, type CitationSources, type CitedSource } from './actions/citations';
import { CitedSources } from './actions/cited-sources';
import styles from './conversations.module.css';
import { escapeHtml } from './html-text';

/**
 * Markdown of agents' answers as HTML that does nothing: raw HTML in the text shows as text, images
 * show as links (the page loads nothing from elsewhere), and the sanitizer keeps only the elements
 * and attributes of formatted text. A link works only when it goes to an http(s) address (in a new
 * tab, without referrer); any other (`javascript:`, `data:`, a relative path) is left as plain text.
 * Citation markers (`:cite[abc]`) become numbers linked to the documents the answer's steps found.
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    image({ href, text }) {
      return `<a href="${escapeHtml(href)}">${escapeHtml(text || href)}</a>`;
    },
    // The page has its h1 and h2: an answer's headings come below them.
    heading({ tokens, depth }) {
      const level = Math.min(depth + 2, 6);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    checkbox({ checked }) {
      return checked ? '☑ ' : '☐ ';
    },
  },
  extensions: [citeExtension],
});

const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href') ?? '';
  if (/^https?:\/\//i.test(href)) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  } else {
    node.removeAttribute('href');
  }
});

const ALLOWED_TAGS = ['a', 'sup', 'p', 'br', 'strong', 'em', 'del', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'h3', 'h4', 'h5', 'h6', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
// Raw HTML in an answer is escaped: only the renderers above write attributes (a citation's aria-label among them).
const ALLOWED_ATTR = ['href', 'title', 'start', 'align', 'aria-label'];

/** The HTML of `text` as markdown, sanitized, and the documents its markers cite among `sources`, by number (exported for the spec of what it keeps). */
export function renderMarkdown(text: string, sources: CitationSources = NO_SOURCES): { readonly html: string; readonly cited: readonly CitedSource[] } {
  const tokens = markdown.lexer(text);
  const cited = numberCitations(markdown, tokens, sources);
  const html = markdown.parser(tokens);
  return { html: purifier.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false }), cited };
}

/** An answer's text, formatted, and the documents it cites; drawn again only when the text or the sources change. */
export const Markdown = memo(function Markdown({ text, sources }: { readonly text: string; readonly sources?: CitationSources }) {
  const { html, cited } = renderMarkdown(text, sources);
  return (
    <>
      <div className={styles.markdown} dangerouslySetInnerHTML={{ __html: html }} />
      <CitedSources cited={cited} />
    </>
  );
});
