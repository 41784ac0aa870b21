import { DEFAULT_EXTRACTION_LIMITS } from '../extraction-limits';
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
  it('counts nested elements, not void ones, optional end tags, self-closed ones, comments or script text', () => {
    expect(htmlNestingDepth('<div><section><p>a<p>b<br><img/></section></div>')).toBe(2);
    expect(htmlNestingDepth('<ul>' + '<li>item'.repeat(5000) + '</ul>')).toBe(1);
    expect(htmlNestingDepth('<!-- <div><div> --><script>if (a <b) "<div><div><div>"</script><span/>')).toBe(0);
    expect(htmlNestingDepth('<div><div><div></div></div></div><div></div>')).toBe(3);
  });
});
