/**
 * The child process that runs one query: plain JavaScript (given to `node -e`, so it runs the same
 * under jest and the built app). It receives the tables and the statement over IPC, loads the
 * tables into a fresh in-memory SQLite database, makes the connection read-only (`PRAGMA
 * query_only`), runs the one statement and sends back at most `maxRows` rows. A process, not a
 * worker thread: a statement busy inside SQLite cannot be stopped by terminating a thread (V8 can
 * only interrupt JavaScript), but a process can always be killed.
 */
export const TABLE_SQL_PROCESS_SOURCE = `
const { DatabaseSync } = require('node:sqlite');
const quote = (name) => '"' + String(name).replace(/"/g, '""') + '"';
const SQL_TYPES = { int: 'INTEGER', float: 'REAL', bool: 'INTEGER', datetime: 'TEXT', text: 'TEXT' };
const cell = (value) => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'object') return value.string_value ?? new Date(value.epoch).toISOString();
  return value;
};
const reply = (message) => process.send(message, () => process.exit(0));
process.once('message', (workerData) => {
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
  reply({ ok: true, rows, truncated });
} catch (error) {
  reply({ ok: false, message: error && error.message ? error.message : String(error) });
}
});
`;
