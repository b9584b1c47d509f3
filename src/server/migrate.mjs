// @ts-check
// Every migration the server needs, in order: the project's schema (src/server/db), then better-auth's tables. Used by
// the runtime, the command-line scripts and the tests; the one place that joins the database to a feature's tables.
import { migrateToLatest as migrateSchema } from './db/migrator.mjs';
import { migrateAuthTables } from './features/auth/options.mjs';

/**
 * Returns the names of the project migrations applied now.
 * @param {import('kysely').Kysely<any>} db
 * @param {'sqlite' | 'postgres'} kind
 */
export function migrateToLatest(db, kind) {
  return migrateSchema(db, kind, [migrateAuthTables]);
}
