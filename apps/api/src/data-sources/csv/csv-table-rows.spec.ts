import { Readable } from 'node:stream';
import { csvTableRows, MalformedCsvError } from './csv-table-rows';

async function rowsOf(text: string | Buffer, batchSize = 1000) {
  const batches = [];
  for await (const batch of csvTableRows(Readable.from([Buffer.from(text)]), batchSize)) batches.push(batch);
  return batches;
}

describe('csv table rows', () => {
  it('reads a header, types cells, and drops a BOM', async () => {
    const [rows] = await rowsOf('\uFEFFName,Count,Price,Paid,When\nann,3,1.5,true,2024-01-02\nbob,,2,false,soon\n');
    expect(rows).toEqual([
      { row_id: '0', value: { name: 'ann', count: 3, price: 1.5, paid: true, when: { type: 'datetime', epoch: Date.parse('2024-01-02'), string_value: '2024-01-02' } } },
      { row_id: '1', value: { name: 'bob', count: null, price: 2, paid: false, when: 'soon' } },
    ]);
  });

  it('finds semicolons and tabs, keeps quoted delimiters and newlines, and names odd headers', async () => {
    expect((await rowsOf('a;b\n"x;y";2\n'))[0]).toEqual([{ row_id: '0', value: { a: 'x;y', b: 2 } }]);
    expect((await rowsOf('A b\tA b\t\n"line 1\nline 2"\t1\t2\n'))[0]).toEqual([{ row_id: '0', value: { a_b: 'line 1\nline 2', a_b_2: 1, column_3: 2 } }]);
  });

  it('streams in batches', async () => {
    const text = `n\n${Array.from({ length: 25 }, (_, i) => i).join('\n')}\n`;
    expect((await rowsOf(text, 10)).map((batch) => batch.length)).toEqual([10, 10, 5]);
  });

  it('names the line of a malformed record', async () => {
    await expect(rowsOf('a,b\n1,2\n3,4,5\n')).rejects.toThrow(MalformedCsvError);
    await expect(rowsOf('a,b\n1,2\n3,4,5\n')).rejects.toThrow(/line 3/);
    await expect(rowsOf('a,b\n"1,2\n')).rejects.toThrow(/Malformed CSV/);
    await expect(rowsOf('')).rejects.toThrow(/empty/);
  });

  it('refuses a header that names a prototype member, as a JSON row with that column is refused', async () => {
    await expect(rowsOf('Constructor,points\nferrari,10\n')).rejects.toThrow('line 1: column "constructor" is reserved');
    await expect(rowsOf('name,PROTOTYPE\nx,1\n')).rejects.toThrow(MalformedCsvError);
    // Headers are normalized first (lowercase, outer underscores dropped): these are ordinary names.
    expect((await rowsOf('__proto__,toString\n1,2\n'))[0]).toEqual([{ row_id: '0', value: { proto: 1, tostring: 2 } }]);
  });
});
