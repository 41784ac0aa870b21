import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { memo } from 'react';
import styles from './conversations.module.css';

/**
 * Markdown of agents' answers as HTML that does nothing: raw HTML in the text shows as text, images
 * show as links (the page loads nothing from elsewhere), and the sanitizer keeps only the elements
 * and attributes of formatted text. A link works only when it goes to an http(s) address (in a new
 * tab, without referrer); any other (`javascript:`, `data:`, a relative path) is left as plain text.
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

const ALLOWED_TAGS = ['a', 'p', 'br', 'strong', 'em', 'del', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'h3', 'h4', 'h5', 'h6', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
const ALLOWED_ATTR = ['href', 'title', 'start', 'align'];

/** The HTML of `text` as markdown, sanitized (exported for the spec of what it keeps). */
export function renderMarkdown(text: string): string {
  const html = markdown.parse(text) as string;
  return purifier.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false });
}

/** An answer's text, formatted; drawn again only when the text changes. */
export const Markdown = memo(function Markdown({ text }: { readonly text: string }) {
  return <div className={styles.markdown} dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }} />;
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
