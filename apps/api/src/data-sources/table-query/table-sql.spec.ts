import { runTableSql, type QueryTable } from './table-sql';

const sales: QueryTable = {
  name: 'sales',
  schema: [
    { name: 'region', value_type: 'text', possible_values: ['north', 'south'] },
    { name: 'units', value_type: 'int', possible_values: null },
    { name: 'paid', value_type: 'bool', possible_values: null },
  ],
  rows: [
    { region: 'north', units: 3, paid: true },
    { region: 'south', units: 4, paid: false },
    { region: 'north', units: 5, paid: null },
  ],
};
const limits = { timeoutMs: 10_000, maxRows: 2 };

describe('table sql', () => {
  it('runs a select over the rows and bounds the rows returned', async () => {
    expect(await runTableSql([sales], 'SELECT SUM(units) AS total FROM sales', limits)).toEqual({ ok: true, rows: [{ total: 12 }], truncated: false });
    expect(await runTableSql([sales], 'SELECT region, paid FROM sales ORDER BY units', limits)).toEqual({ ok: true, rows: [{ region: 'north', paid: 1 }, { region: 'south', paid: 0 }], truncated: true });
  });

  it('refuses writes and reports bad SQL as a query error', async () => {
    expect(await runTableSql([sales], "INSERT INTO sales VALUES ('east', 1, 1)", limits)).toMatchObject({ ok: false, code: 'query_error', message: expect.stringMatching(/readonly|read-only/i) });
    expect(await runTableSql([sales], 'DROP TABLE sales', limits)).toMatchObject({ ok: false, code: 'query_error' });
    expect(await runTableSql([sales], 'SELEC nonsense', limits)).toMatchObject({ ok: false, code: 'query_error' });
  });

  it('stops a query that runs too long', async () => {
    const endless = 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT COUNT(*) FROM n';
    expect(await runTableSql([sales], endless, { timeoutMs: 300, maxRows: 10 })).toMatchObject({ ok: false, code: 'query_timeout' });
  });
});
