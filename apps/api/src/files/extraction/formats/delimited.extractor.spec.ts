import { DEFAULT_EXTRACTION_LIMITS } from '../../../config/file-extraction-settings';
import { detectDelimiter, extractCsv, extractTsv } from './delimited.extractor';

const context = { limits: DEFAULT_EXTRACTION_LIMITS, fileName: 'orders.csv' };

describe('CSV and TSV extraction', () => {
  it('reads quoted fields with commas, quotes and line breaks into one table named after the file', async () => {
    const csv = Buffer.from('\uFEFFid,note\r\n1,"Hello, ""world"""\r\n2,"two\nlines"\r\n3\r\n');
    const { text, tables } = await extractCsv(csv, context);
    expect(tables).toEqual([{ name: 'orders.csv', rows: [['id', 'note'], ['1', 'Hello, "world"'], ['2', 'two\nlines'], ['3', '']] }]);
    expect(text).toBe(['## orders.csv', '', '```csv', 'id,note', '1,"Hello, ""world"""', '2,"two\nlines"', '3,', '```'].join('\n'));
  });

  it('detects a semicolon delimiter', async () => {
    const { tables } = await extractCsv(Buffer.from('name;city\n"Dupont; Jean";Lyon\n'), context);
    expect(tables?.[0]?.rows).toEqual([['name', 'city'], ['Dupont; Jean', 'Lyon']]);
  });

  it('reads tab-separated values', async () => {
    const { tables } = await extractTsv(Buffer.from('a\tb\n1,5\t2\n'), { limits: DEFAULT_EXTRACTION_LIMITS });
    expect(tables).toEqual([{ name: 'table', rows: [['a', 'b'], ['1,5', '2']] }]);
  });

  it('picks the delimiter seen most on the first line outside quotes', () => {
    expect(detectDelimiter('"a,b,c";d;e\n1,2,3')).toBe(';');
    expect(detectDelimiter('a|b|c')).toBe('|');
    expect(detectDelimiter('single column')).toBe(',');
  });

  it('refuses invalid UTF-8 and unterminated quotes', async () => {
    await expect(extractCsv(Uint8Array.from([0x61, 0x2c, 0xff]), context)).rejects.toThrow('not valid UTF-8');
    await expect(extractCsv(Buffer.from('a,b\n"open,2\n'), context)).rejects.toThrow();
  });
});
