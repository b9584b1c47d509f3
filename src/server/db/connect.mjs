// Opens the database named by DATABASE_URL: PostgreSQL for postgres:// URLs, otherwise an embedded SQLite file
// (default data/site.db). Plain JavaScript so scripts/migrate.mjs can use it on Node 20 without a TypeScript step.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';

export const defaultSqlitePath = 'data/site.db';

/**
 * Kysely prepares every statement it runs; the same few statements make up nearly all traffic, so keep the
 * prepared ones (least recently used are dropped past the limit).
 * @param {import('better-sqlite3').Database} sqlite
 */
function withStatementCache(sqlite, limit = 200) {
  /** @type {Map<string, import('better-sqlite3').Statement>} */
  const cache = new Map();
  return {
    close: () => sqlite.close(),
    /** @param {string} sql */
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= limit) cache.delete(cache.keys().next().value);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

/** @param {string | undefined} url */
function describeDatabase(url) {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { kind: /** @type {const} */ ('postgres'), url };
  const file = url ? url.replace(/^(sqlite|file):(\/\/)?/, '') : defaultSqlitePath;
  return { kind: /** @type {const} */ ('sqlite'), file };
}

/**
 * @param {string | undefined} url
 * @param {{ searchPath?: string }} [options] PostgreSQL schema to use (tests isolate themselves this way)
 * @returns {Promise<{ db: Kysely<any>, kind: 'sqlite' | 'postgres' }>}
 */
export async function openDatabase(url, options = {}) {
  const target = describeDatabase(url);
  if (target.kind === 'postgres') {
    const pg = (await import('pg')).default;
    // int8 columns hold epoch milliseconds, well inside Number's exact range.
    pg.types.setTypeParser(20, (value) => Number(value));
    const pool = new pg.Pool({
      connectionString: target.url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      ...(options.searchPath && { options: `-c search_path=${options.searchPath}` }),
    });
    return { db: new Kysely({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres' };
  }
  const Database = (await import('better-sqlite3')).default;
  if (target.file !== ':memory:') mkdirSync(path.dirname(path.resolve(target.file)), { recursive: true });
  const sqlite = new Database(target.file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a lead the visitor was told is sent survives a power cut, not only a crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return { db: new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }), kind: 'sqlite' };
}
