import { capText, extractFile } from './extract-file';
import { DEFAULT_EXTRACTION_LIMITS } from '../../config/file-extraction-settings';
import { mediaTypeOf, TEXT_TYPES } from '@app/contracts/files/file-formats';
import { extractorFor } from './formats/extractors-by-content-type';

const limits = DEFAULT_EXTRACTION_LIMITS;

describe('extractFile', () => {
  it('picks the extractor by the declared type, ignoring case and parameters', async () => {
    expect(mediaTypeOf('Text/CSV; charset=utf-8')).toBe('text/csv');
    expect(await extractFile(Buffer.from('{"a":1}'), 'Application/JSON; charset=utf-8', limits)).toEqual({ ok: true, text: '{\n  "a": 1\n}' });
  });

  it('covers the text formats of the official client and refuses types it has no extractor for', async () => {
    for (const type of [...TEXT_TYPES, 'application/octet-stream']) expect([type, extractorFor(type)]).toEqual([type, expect.any(Function)]);
    expect(await extractFile(Buffer.from('GIF89a'), 'image/gif', limits)).toEqual({ ok: false, reason: 'No text extractor for "image/gif".' });
    expect(await extractFile(Buffer.from('x'), 'application/vnd.google-apps.document', limits)).toMatchObject({ ok: false });
  });

  it('turns a reader\'s failure into a reason', async () => {
    expect(await extractFile(Buffer.from('{oops'), 'application/json', limits)).toEqual({
      ok: false,
      reason: expect.stringMatching(/^The file is not valid JSON: /),
    });
  });

  it('cuts text and tables at the output cap and says so in the text', async () => {
    const csv = Buffer.from(Array.from({ length: 2_000 }, (_, index) => `row ${index},value ${index}`).join('\n'));
    const result = await extractFile(csv, 'text/csv', { ...limits, maxOutputChars: 1_000 });
    if (!result.ok) throw new Error(result.reason);
    expect(result.text).toHaveLength(1_000 + '\n\n[Text truncated: the extraction exceeded 1000 characters.]'.length);
    expect(result.text.endsWith('[Text truncated: the extraction exceeded 1000 characters.]')).toBe(true);
    const cells = result.tables!.flatMap((table) => table.rows.flat());
    expect(cells.join(',').length).toBeLessThanOrEqual(1_000);
    expect(result.tables![0]!.rows[0]).toEqual(['row 0', 'value 0']);
  });

  it('leaves text under the cap alone', () => {
    expect(capText('short', 10)).toBe('short');
  });
});
