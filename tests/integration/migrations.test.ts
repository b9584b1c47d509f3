/**
 * Migrations on a PostgreSQL database shared with others: Kysely looks for its bookkeeping tables in every schema
 * unless told which, so a schema migrated beside another that has them (another app, another test run) must still get
 * its own. PostgreSQL only: SQLite has one schema per file.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
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

  // CI once failed here: Kysely reads every schema's catalogue, and another test file dropped its schema mid-read. The
  // churn runs in a database of its own, so it cannot do the same to the other test files sharing TEST_DATABASE_URL.
  it('migrates while other sessions create and drop schemas', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const databaseName = `hale_churn_${randomBytes(4).toString('hex')}`;
    // Dropping a database that holds twenty migrated schemas outlasts the server's query timeout on a busy machine.
    const { db: admin } = await openDatabase(base, { timeoutMs: 120_000 });
    await sql`create database ${sql.id(databaseName)}`.execute(admin);
    const url = new URL(base);
    url.pathname = `/${databaseName}`;
    const { db: churner } = await openDatabase(url.toString());
    let churning = true;
    const churn = (async () => {
      while (churning) {
        const name = `churn_${randomBytes(4).toString('hex')}`;
        await sql`create schema ${sql.id(name)}`.execute(churner);
        await sql`create table ${sql.id(name)}.t (id int)`.execute(churner);
        await sql`drop schema ${sql.id(name)} cascade`.execute(churner);
      }
    })();
    try {
      for (let round = 0; round < 20; round++) {
        const schema = `t_${randomBytes(6).toString('hex')}`;
        await sql`create schema ${sql.id(schema)}`.execute(churner);
        const { db } = await openDatabase(url.toString(), { searchPath: schema });
        try {
          expect((await migrateToLatest(db, 'postgres')).length).toBeGreaterThan(0);
        } finally {
          await db.destroy();
        }
      }
    } finally {
      churning = false;
      await churn;
      await churner.destroy();
      await sql`drop database ${sql.id(databaseName)} with (force)`.execute(admin);
      await admin.destroy();
    }
  }, 120_000);
});
