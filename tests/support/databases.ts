/**
 * Database targets for tests: always a fresh SQLite file, plus PostgreSQL when TEST_DATABASE_URL is set. Each
 * PostgreSQL target lives in its own schema, dropped afterwards, so runs never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db';

export interface DatabaseTarget {
  name: 'sqlite' | 'postgres';
  /** DATABASE_URL for a server process using this target. */
  url: string;
  /** Options for openDatabase in the test process itself. */
  options: { searchPath?: string };
  dispose: () => Promise<void>;
}

export function databaseNames(): ('sqlite' | 'postgres')[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export async function createTarget(name: 'sqlite' | 'postgres'): Promise<DatabaseTarget> {
  if (name === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-db-'));
    return { name, url: `file:${path.join(dir, 'site.db')}`, options: {}, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const { db } = await openDatabase(base);
  await sql`create schema ${sql.id(schema)}`.execute(db);
  await db.destroy();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    name,
    url: url.toString(),
    options: { searchPath: schema },
    dispose: async () => {
      const { db: admin } = await openDatabase(base);
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    },
  };
}

/** The target opened in the test process itself (PostgreSQL: the shared database, with the target's schema first). */
export const openTarget = (target: DatabaseTarget) => openDatabase(target.url.startsWith('file:') ? target.url : process.env.TEST_DATABASE_URL, target.options);
