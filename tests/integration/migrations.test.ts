/**
 * Migrations on a PostgreSQL database shared with others: Kysely looks for its bookkeeping tables in every schema
 * unless told which, so a schema migrated beside another that has them (another app, another test run) must still get
 * its own. PostgreSQL only: SQLite has one schema per file.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { createTarget, databaseNames } from '../support/databases';

const postgresOnly = databaseNames().includes('postgres') ? describe : describe.skip;

postgresOnly('migrations on PostgreSQL', () => {
  it('migrates a schema while another schema already holds migrated tables', async () => {
    const first = await createTarget('postgres');
    const second = await createTarget('postgres');
    try {
      const a = await openDatabase(process.env.TEST_DATABASE_URL, first.options);
      expect((await migrateToLatest(a.db, 'postgres')).length).toBeGreaterThan(0);
      await a.db.destroy();
      const b = await openDatabase(process.env.TEST_DATABASE_URL, second.options);
      expect((await migrateToLatest(b.db, 'postgres')).length).toBeGreaterThan(0);
      expect(await migrateToLatest(b.db, 'postgres')).toEqual([]);
      await b.db.destroy();
    } finally {
      await first.dispose();
      await second.dispose();
    }
  });
});
