/**
 * The worker that runs one query: plain JavaScript (evaluated with `eval: true`, so it runs the
 * same under ts-node, jest and the built app). It loads the tables into a fresh in-memory SQLite
 * database, makes the connection read-only (`PRAGMA query_only`), runs the one statement and posts
 * back at most `maxRows` rows. The parent terminates the worker when the query runs too long.
 */
export const TABLE_SQL_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const quote = (name) => '"' + String(name).replace(/"/g, '""') + '"';
const SQL_TYPES = { int: 'INTEGER', float: 'REAL', bool: 'INTEGER', datetime: 'TEXT', text: 'TEXT' };
const cell = (value) => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'object') return value.string_value ?? new Date(value.epoch).toISOString();
  return value;
};
try {
  const db = new DatabaseSync(':memory:');
  for (const table of workerData.tables) {
    const columns = table.schema.map((c) => quote(c.name) + ' ' + (SQL_TYPES[c.value_type] || 'TEXT'));
    db.exec('CREATE TABLE ' + quote(table.name) + ' (' + (columns.length ? columns.join(', ') : '"_empty" TEXT') + ')');
    if (table.schema.length === 0) continue;
    const insert = db.prepare('INSERT INTO ' + quote(table.name) + ' VALUES (' + table.schema.map(() => '?').join(', ') + ')');
    db.exec('BEGIN');
    for (const row of table.rows) insert.run(...table.schema.map((c) => cell(row[c.name])));
    db.exec('COMMIT');
  }
  db.exec('PRAGMA query_only = ON');
  const statement = db.prepare(workerData.sql);
  const rows = [];
  let truncated = false;
  for (const row of statement.iterate()) {
    if (rows.length >= workerData.maxRows) { truncated = true; break; }
    rows.push(row);
  }
  parentPort.postMessage({ ok: true, rows, truncated });
} catch (error) {
  parentPort.postMessage({ ok: false, message: error && error.message ? error.message : String(error) });
}
`;
