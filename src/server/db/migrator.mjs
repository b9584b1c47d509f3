// @ts-check
// Applies the schema migrations (one file each in ./migrations) in order, on start and by `npm run db:migrate`.
import { Migrator, sql } from 'kysely';
import { migrations } from './migrations/index.mjs';

/** The project's migration names, in order (better-auth's own tables are not among them). */
export const projectMigrationNames = Object.keys(migrations);

/**
 * The project's migrations, then the further steps given (better-auth's tables: src/server/migrate.mjs adds that step,
 * so this folder depends on no feature).
 * Several server processes may start at once: on PostgreSQL everything runs under one advisory lock, held on one
 * connection; SQLite has no such lock, so a process that finds its tables created meanwhile looks again.
 * Returns the names of the project migrations applied now.
 * @param {import('kysely').Kysely<any>} db
 * @param {'sqlite' | 'postgres'} kind
 * @param {((db: import('kysely').Kysely<any>, kind: 'sqlite' | 'postgres') => Promise<void>)[]} [steps] run after
 */
export async function migrateToLatest(db, kind, steps = []) {
  if (kind === 'postgres') {
    return db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(hashtext('hale-digital migrations'))`.execute(connection);
      try {
        return await pastDroppedSchemas(() => migrateAll(connection, kind, steps));
      } finally {
        await sql`select pg_advisory_unlock(hashtext('hale-digital migrations'))`.execute(connection);
      }
    });
  }
  // SQLite: Kysely's migration lock is a no-op there, and its migrations run outside a transaction. A second process
  // that loses the race fails on what the first one made (a table, an index, a column, the migration's record);
  // looking again a moment later, it finds the migrations recorded.
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateAll(db, kind, steps);
    } catch (error) {
      if (attempt >= 20 || !/already exists|duplicate column|UNIQUE constraint failed|database is locked/i.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * Runs `work` (a Kysely migration on PostgreSQL) again when it failed on a catalogue read that another session's
 * changes broke: Kysely's introspection reads every schema's tables, and a schema dropped meanwhile fails that read
 * with 3F000 (invalid_schema_name), a table or column dropped or renamed meanwhile fails its pg_get_serial_sequence()
 * (another app's, or another test run's). Applied migrations are recorded, so running again is safe.
 * @template T @param {() => Promise<T>} work @returns {Promise<T>}
 */
export async function pastDroppedSchemas(work) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const { code, routine } = /** @type {{ code?: string, routine?: string }} */ (error ?? {});
      if (attempt >= 20 || (code !== '3F000' && routine !== 'pg_get_serial_sequence')) throw error;
      // A moment's pause, so the next read does not meet the same burst of another session's drops.
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/**
 * @param {import('kysely').Kysely<any>} db @param {'sqlite' | 'postgres'} kind
 * @param {((db: import('kysely').Kysely<any>, kind: 'sqlite' | 'postgres') => Promise<void>)[]} steps
 */
async function migrateAll(db, kind, steps) {
  // On PostgreSQL, Kysely looks for its own tables in every schema unless told which: with another schema holding
  // them (another app, or another test run), it would skip creating them in this one and then fail to find them.
  const migrationTableSchema =
    kind === 'postgres' ? /** @type {{ schema: string }} */ ((await sql`select current_schema() as schema`.execute(db)).rows[0]).schema : undefined;
  const migrator = new Migrator({
    db: migrationTableSchema ? withSchemaIntrospection(db, migrationTableSchema) : db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema && { migrationTableSchema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  for (const step of steps) await step(db, kind);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * The database as Kysely's Migrator sees it on PostgreSQL, with an introspection of `schema` alone: the Migrator only
 * asks which schemas exist and whether its two tables are in `schema`, but Kysely's own introspection reads every
 * column of every schema (with pg_get_serial_sequence() on each), which fails whenever another session drops or alters
 * a table meanwhile (another app's, or another test run's: 3F000, 42P01, 42703).
 * @param {import('kysely').Kysely<any>} db @param {string} schema @returns {import('kysely').Kysely<any>}
 */
function withSchemaIntrospection(db, schema) {
  const introspection = {
    getSchemas: async () => (await sql`select nspname as name from pg_catalog.pg_namespace`.execute(db)).rows,
    getTables: async () =>
      (await sql`select table_schema as schema, table_name as name from information_schema.tables where table_schema = ${schema}`.execute(db)).rows.map(
        (row) => ({ .../** @type {{ schema: string, name: string }} */ (row), isView: false, columns: [] }),
      ),
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      // Kysely keeps its state in private fields: its methods run on the instance itself, not on the proxy.
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
