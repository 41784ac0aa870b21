import { physicalCollectionName } from '@app/contracts/read-models/read-model-names';
import { SqliteEventStore, SqliteReadStore } from '@app/storage';
import { tableOf } from '@app/storage/read-store/sqlite-read-tables';
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PROJECTIONS } from '../all-projections';
import { ProjectionApplier } from './projection-applier';
import { rebuildReadModels } from './rebuild';

describe('rebuild and secondary indexes', () => {
  const directory = mkdtempSync(join(tmpdir(), 'rebuild-indexes-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  /** Index names of a table, with the generation's own part of the table name taken out. */
  const indexesOf = (db: DatabaseSync, collection: string): string[] => {
    const table = tableOf(collection);
    return db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name NOT LIKE 'sqlite_autoindex%' ORDER BY name")
      .all(table)
      .map((row) => String(row.name).slice(table.length));
  };

  it('leaves every rebuilt collection with the same indexes a live generation gets', async () => {
    const path = join(directory, 'read.db');
    const eventStore = new SqliteEventStore({ path: ':memory:' });
    const readStore = new SqliteReadStore({ path });
    try {
      const result = await rebuildReadModels(eventStore, readStore, ALL_PROJECTIONS, { switchGraceMs: 0 });
      // Collections as the live projector creates them, to compare with.
      await new ProjectionApplier(readStore, ALL_PROJECTIONS).ensureCollections(9);
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        for (const projection of ALL_PROJECTIONS) {
          const live = indexesOf(db, physicalCollectionName(projection, 9));
          const rebuilt = indexesOf(db, physicalCollectionName(projection, result.generation));
          expect({ projection: projection.name, indexes: rebuilt }).toEqual({ projection: projection.name, indexes: live });
          expect(live.length).toBeGreaterThan(0);
        }
      } finally {
        db.close();
      }
    } finally {
      await eventStore.close();
      await readStore.close();
    }
  });
});
