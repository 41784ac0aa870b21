import { MongoNetworkError, MongoServerError } from 'mongodb';
import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isTransientStoreError } from './transient-errors';

describe('isTransientStoreError', () => {
  it('is true for SQLite busy: another connection holds the write lock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'transient-'));
    const holder = new DatabaseSync(join(dir, 'db.sqlite'));
    const waiter = new DatabaseSync(join(dir, 'db.sqlite'));
    try {
      holder.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x)');
      waiter.exec('PRAGMA busy_timeout = 1');
      holder.exec('BEGIN IMMEDIATE');
      let caught: unknown = null;
      try {
        waiter.exec('INSERT INTO t VALUES (1)');
      } catch (error) {
        caught = error;
      }
      expect(isTransientStoreError(caught)).toBe(true);
      holder.exec('ROLLBACK');
    } finally {
      holder.close();
      waiter.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is false for a SQLite error about the data', () => {
    const db = new DatabaseSync(':memory:');
    let caught: unknown = null;
    try {
      db.prepare('SELECT json(?)').get('{'.repeat(2000) + '}'.repeat(2000));
    } catch (error) {
      caught = error;
    }
    db.close();
    expect(caught).not.toBeNull();
    expect(isTransientStoreError(caught)).toBe(false);
  });

  it('is true for MongoDB network errors and errors labelled transient, false for others', () => {
    expect(isTransientStoreError(new MongoNetworkError('connection reset'))).toBe(true);
    const conflict = new MongoServerError({ message: 'WriteConflict', code: 112 });
    conflict.addErrorLabel('TransientTransactionError');
    expect(isTransientStoreError(conflict)).toBe(true);
    expect(isTransientStoreError(new MongoServerError({ message: 'BSONObj size is invalid', code: 10334 }))).toBe(false);
    expect(isTransientStoreError(new Error('cannot fold poison'))).toBe(false);
    expect(isTransientStoreError(null)).toBe(false);
  });
});
