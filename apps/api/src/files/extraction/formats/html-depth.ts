// Elements that never hold children, and elements whose end tag HTML lets a page leave out (the
// parser closes them itself): neither makes a page deeper, so neither is counted.
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const OPTIONAL_END_ELEMENTS = new Set([
  ...['html', 'head', 'body', 'p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot'],
  ...['option', 'optgroup', 'colgroup', 'caption', 'rb', 'rt', 'rp', 'rtc'],
]);
// Their content is text up to their end tag, whatever it looks like.
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);
const TAG_NAME = /^\/?([a-z][^\s/>]*)/;

/**
 * How deeply the elements of a page nest, estimated in one linear pass over its tags. The HTML
 * parser keeps its open elements in an array it shifts at every tag, so its time grows with the
 * square of the depth (100,000 nested divs take many seconds): a page this deep is refused first.
 */
export function htmlNestingDepth(html: string): number {
  const lower = html.toLowerCase();
  let depth = 0;
  let deepest = 0;
  let position = 0;
  for (;;) {
    const open = lower.indexOf('<', position);
    if (open === -1) break;
    if (lower.startsWith('<!--', open)) {
      const end = lower.indexOf('-->', open + 4);
      if (end === -1) break;
      position = end + 3;
      continue;
    }
    const close = lower.indexOf('>', open + 1);
    if (close === -1) break;
    position = close + 1;
    const tag = lower.slice(open + 1, close);
    const name = TAG_NAME.exec(tag)?.[1];
    if (name === undefined || VOID_ELEMENTS.has(name) || OPTIONAL_END_ELEMENTS.has(name)) continue;
    if (tag.startsWith('/')) {
      depth = Math.max(0, depth - 1);
    } else if (RAW_TEXT_ELEMENTS.has(name)) {
      const end = lower.indexOf(`</${name}`, position);
      if (end === -1) break;
      position = end;
    } else if (!tag.endsWith('/')) {
      deepest = Math.max(deepest, (depth += 1));
    }
  }
  return deepest;
}
