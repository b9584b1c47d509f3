// @ts-check
// Opens the database named by DATABASE_URL: PostgreSQL for postgres:// URLs, otherwise an embedded SQLite file
// (default data/site.db). Plain JavaScript so scripts/migrate.mjs can use it on Node 20 without a TypeScript step.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { settings } from '../../config/settings.mjs';
import { log } from '../platform/log.mjs';

export const defaultSqlitePath = 'data/site.db';

/**
 * What Kysely's SqliteDialect needs of a database: better-sqlite3's shape.
 * @typedef {{ reader: boolean, all(params: readonly unknown[]): unknown[], run(params: readonly unknown[]): { changes: number | bigint, lastInsertRowid: number | bigint }, iterate(params: readonly unknown[]): IterableIterator<unknown> }} SqliteStatement
 * @typedef {{ prepare(sql: string): SqliteStatement, close(): void }} SqliteDatabase
 */

/**
 * Kysely prepares every statement it runs; the same few statements make up nearly all traffic, so keep the
 * prepared ones (least recently used are dropped past the limit).
 * @param {SqliteDatabase} sqlite
 * @returns {SqliteDatabase}
 */
function withStatementCache(sqlite, limit = 200) {
  /** @type {Map<string, SqliteStatement>} */
  const cache = new Map();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= limit) cache.delete(/** @type {string} */ (cache.keys().next().value));
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

// Every embedded database: wait for a busy writer instead of failing; WAL; FULL sync, so a lead the visitor was told
// is sent survives a power cut, not only a crash; enforce foreign keys.
const pragmas = ['busy_timeout = 5000', 'journal_mode = WAL', 'synchronous = FULL', 'foreign_keys = ON'];

/** SQLite's SQLITE_BUSY (5), with or without an extended code, as either driver reports it. */
function isBusy(/** @type {any} */ error) {
  return String(error?.code ?? '').startsWith('SQLITE_BUSY') || (Number(error?.errcode) & 0xff) === 5;
}

/**
 * Applies the PRAGMAs. Switching to WAL takes a write lock, and when several processes open one new file at once
 * SQLite can answer "database is locked" without waiting (two readers both wanting to write); so the switch is
 * skipped when the file is already in WAL, and a busy answer is retried for up to 15 s.
 * @param {(sql: string) => void} exec
 * @param {() => string} currentJournalMode
 */
export async function applyPragmas(exec, currentJournalMode) {
  const deadline = Date.now() + 15_000;
  for (const pragma of pragmas) {
    for (;;) {
      try {
        if (!pragma.startsWith('journal_mode') || currentJournalMode() !== 'wal') exec(`pragma ${pragma}`);
        break;
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
      }
    }
  }
}

/** The embedded SQLite driver this Node uses (why: openSqliteFile). */
export function sqliteDriver(major = Number(process.versions.node.split('.')[0])) {
  return major >= 24 ? 'node:sqlite' : 'better-sqlite3';
}

/**
 * The embedded SQLite driver. better-sqlite3 12 aborts the process on Node 24 (its statement finaliser trips a Node
 * assertion during garbage collection), and 13, which fixes that, no longer runs on Node 20. So Node 24 and later use
 * Node's built-in SQLite (same file format, same SQLite), earlier versions better-sqlite3.
 * @param {string} file
 * @returns {Promise<SqliteDatabase>}
 */
async function openSqliteFile(file) {
  if (sqliteDriver() === 'node:sqlite') {
    const { DatabaseSync } = await import('node:sqlite');
    const sqlite = new DatabaseSync(file);
    await applyPragmas(
      (sql) => sqlite.exec(sql),
      () => String(/** @type {{ journal_mode?: unknown }} */ (sqlite.prepare('pragma journal_mode').get())?.journal_mode),
    );
    return {
      close: () => sqlite.close(),
      prepare(sql) {
        const statement = sqlite.prepare(sql);
        const values = /** @param {readonly unknown[]} params */ (params) => /** @type {import('node:sqlite').SQLInputValue[]} */ (params);
        return {
          reader: statement.columns().length > 0,
          all: (params) => statement.all(...values(params)),
          run: (params) => statement.run(...values(params)),
          iterate: (params) => statement.iterate(...values(params)),
        };
      },
    };
  }
  const Database = (await import('better-sqlite3')).default;
  const sqlite = new Database(file);
  await applyPragmas(
    (sql) => sqlite.exec(sql),
    () => String(sqlite.pragma('journal_mode', { simple: true })),
  );
  return /** @type {SqliteDatabase} */ (/** @type {unknown} */ (sqlite));
}

/** @param {string | undefined} url */
export function describeDatabase(url) {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: /** @type {const} */ ('postgres'), url };
  const file = url ? url.replace(/^(sqlite|file):(\/\/)?/, '') : defaultSqlitePath;
  return { kind: /** @type {const} */ ('sqlite'), file };
}

/**
 * @param {string | undefined} url
 * @param {{ searchPath?: string, poolSize?: number, timeoutMs?: number }} [options] PostgreSQL schema to use (tests
 *   isolate themselves this way), pool size and timeout (default: the settings)
 * @returns {Promise<{ db: Kysely<any>, kind: 'sqlite' | 'postgres' }>}
 */
export async function openDatabase(url, options = {}) {
  const target = describeDatabase(url);
  if (target.kind === 'postgres') {
    const pg = (await import('pg')).default;
    // int8 columns hold epoch milliseconds, well inside Number's exact range.
    pg.types.setTypeParser(20, (value) => Number(value));
    const timeoutMs = options.timeoutMs ?? settings().databaseTimeoutMs;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: options.poolSize ?? settings().databasePoolSize,
      // An unreachable database must fail a request quickly (503), never hang it.
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      ...(options.searchPath && { options: `-c search_path=${options.searchPath}` }),
    });
    // A connection dropped by the server (restart, network) must not crash the process. Idle ones are reported on
    // the pool; one that is checked out reports on its client, and its query fails with the error (a 503 upstream).
    pool.on('error', (error) => log.error(`[database] idle connection lost: ${error.message}`));
    pool.on('connect', (client) => client.on('error', (error) => log.error(`[database] connection lost: ${error.message}`)));
    return { db: new Kysely({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  if (target.file !== ':memory:') mkdirSync(path.dirname(path.resolve(target.file)), { recursive: true });
  const database = await openSqliteFile(target.file);
  return { db: new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }), kind: 'sqlite' };
}
