import { DomUtils, parseDocument } from 'htmlparser2';
import { DEFAULT_EXTRACTION_LIMITS } from '../../../config/file-extraction-settings';
import { htmlNestingDepth } from './html-depth';
import { extractHtml } from './html.extractor';

const context = { limits: DEFAULT_EXTRACTION_LIMITS };
const html = (source: string) => Buffer.from(source);

describe('HTML extraction', () => {
  it('gives readable text without scripts or styles, links kept as text with their address', async () => {
    const page = html(`<!doctype html><html><head><title>Ignored title</title><style>p { color: red }</style>
      <script>alert("not text")</script></head><body>
      <h1>Release notes</h1>
      <p>Read the <a href="https://example.com/guide">upgrade guide</a> first &amp; back up.</p>
      <ul><li>Faster search</li><li>Files</li></ul>
      <table><tr><th>Plan</th><th>Price</th></tr><tr><td>Pro</td><td>29</td></tr></table>
      <img src="x.png" alt="chart"></body></html>`);
    const { text } = await extractHtml(page, context);
    expect(text).toBe(
      [
        'Release notes',
        '',
        'Read the upgrade guide [https://example.com/guide] first & back up.',
        '',
        ' * Faster search',
        ' * Files',
        '',
        'Plan   Price',
        'Pro    29',
      ].join('\n'),
    );
  });

  it('refuses a page nested deeper than the limit before parsing it', async () => {
    const deep = html(`<div>${'<div>'.repeat(100_000)}bottom${'</div>'.repeat(100_000)}</div>`);
    // Only the depth check says this; the parser would have spent many seconds on it first.
    await expect(extractHtml(deep, context)).rejects.toThrow('The HTML is nested deeper than 1000 levels.');
  });
});

describe('htmlNestingDepth', () => {
  /** The depth of the tree htmlparser2 builds, as html-to-text walks it. */
  const treeDepth = (source: string): number => {
    type Node = ReturnType<typeof parseDocument>['children'][number];
    const depthOf = (node: Node): number => (DomUtils.isTag(node) ? 1 + Math.max(0, ...node.children.map(depthOf)) : 0);
    return Math.max(0, ...parseDocument(source).children.map(depthOf));
  };

  it('is the depth of the tree the parser builds: implied ends, void elements, comments and script text as it reads them', () => {
    const pages = [
      '<div><section><p>a<p>b<br><img/></section></div>',
      '<ul>' + '<li>item'.repeat(5000) + '</ul>',
      '<!-- <div><div> --><script>if (a <b) "<div><div><div>"</script><span/>',
      '<div><div><div></div></div></div><div></div>',
      '<div title="<div><div>"><textarea><div><div></textarea></div>',
      '<table><tr><td>a<td>b<tr><td>c</table><svg><g/><g/></svg><math><mi/></math>',
      '<html><head><title>t</title></head><body><p>x</p></body></html>',
      '</div></div><div></p></br><div>',
    ];
    for (const page of pages) expect({ page, depth: htmlNestingDepth(page) }).toEqual({ page, depth: treeDepth(page) });
  });

  it('counts what nests in the parser however it is written: <html>, <body> and <div/> opened again', () => {
    for (const tag of ['<html>', '<body>', '<div/>', '<head>', '<DIV >', '<div\n/>']) {
      expect({ tag, depth: htmlNestingDepth(tag.repeat(50)) }).toEqual({ tag, depth: treeDepth(tag.repeat(50)) });
      expect({ tag, depth: htmlNestingDepth(tag.repeat(50)) }).toEqual({ tag, depth: 50 });
    }
  });

  it('stops counting past the limit, so 600,000 nested tags are refused as soon as the limit is passed', async () => {
    for (const tag of ['<html>', '<body>', '<div/>']) {
      expect(htmlNestingDepth(tag.repeat(600_000), 1_000)).toBe(1_001);
      await expect(extractHtml(html(tag.repeat(600_000)), context)).rejects.toThrow('The HTML is nested deeper than 1000 levels.');
    }
    // Exactly at the limit is read.
    const atLimit = `${'<div>'.repeat(999)}<b>deep</b>${'</div>'.repeat(999)}`;
    expect(htmlNestingDepth(atLimit, 1_000)).toBe(1_000);
    expect((await extractHtml(html(atLimit), context)).text).toContain('deep');
  });
});
