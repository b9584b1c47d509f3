// @ts-check
// Backups of the site's database while it keeps running, and restoring one. SQLite: `VACUUM INTO`, a consistent
// copy made inside one read transaction (writers carry on, WAL); PostgreSQL: pg_dump's custom format, restored by
// pg_restore. Plain JavaScript: the `db:backup` and `db:restore` commands run it without the bundle.
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describeDatabase, openDatabase } from './connect.mjs';

/** Why a backup or restore could not be done; the message is what the owner reads. */
export class BackupError extends Error {}

const kindNames = { sqlite: 'an SQLite', postgres: 'a PostgreSQL' };

/**
 * better-auth's tables whose rows are live keys to the admin: signed-in sessions (with the auth secret, also in the
 * backup, a session token makes a working cookie) and one-use values such as password-reset links. A backup keeps
 * these tables empty, so a restored site asks the owner to sign in again.
 */
export const liveSecretTables = ['session', 'verification'];
/** A backup holds the auth secret and password hashes: readable by its owner only. */
export const backupFileMode = 0o600;
export const backupFolderMode = 0o700;
const sqliteMagic = 'SQLite format 3\0';
const pgDumpMagic = 'PGDMP';

/** What kind of backup a file is, from its first bytes. @param {string} file @returns {'sqlite' | 'postgres' | null} */
export function backupKind(file) {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const read = readSync(fd, head, 0, 16, 0);
    const text = head.subarray(0, read).toString('latin1');
    if (text.startsWith(sqliteMagic)) return 'sqlite';
    if (text.startsWith(pgDumpMagic)) return 'postgres';
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * The connection string as libpq reads it: form-encoded spaces ("+", as URLSearchParams writes them, and as node-pg
 * accepts) spelt %20, which is all libpq decodes.
 * @param {string} url
 */
function libpqUrl(url) {
  const parsed = new URL(url);
  const query = [...parsed.searchParams].map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
  parsed.search = query;
  return parsed.toString();
}

/** @param {string} tool */
function requireTool(tool) {
  const found = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (found.error || found.status !== 0) {
    throw new BackupError(`${tool} is not installed, and PostgreSQL backups need it (Debian: apt install postgresql-client).`);
  }
}

/**
 * The PostgreSQL connection string for libpq tools, and the schema the site's tables are in when it is not `public`
 * (a schema chosen with `options=-c search_path=…`, as the tests do): only that schema is dumped then.
 * @param {string} url
 */
async function pgTarget(url) {
  const { db } = await openDatabase(url, { poolSize: 1 });
  try {
    const row = /** @type {{ schema: string | null }} */ ((await sql`select current_schema() as schema`.execute(db)).rows[0]);
    const tables = row.schema
      ? Number(
          /** @type {{ n: number | string }} */ (
            (await sql`select count(*) as n from information_schema.tables where table_schema = ${row.schema}`.execute(db)).rows[0]
          ).n,
        )
      : 0;
    return { schema: row.schema, tables };
  } finally {
    await db.destroy();
  }
}

/**
 * Writes a consistent copy of the database to `out` (which must not exist yet); returns its kind.
 * @param {string | undefined} url DATABASE_URL
 * @param {string} out
 */
export async function backupDatabase(url, out) {
  if (existsSync(out)) throw new BackupError(`${out} already exists: choose another file name.`);
  const target = describeDatabase(url);
  const partial = `${out}.partial`;
  // A folder made here is the owner's alone; one that exists is left as it is.
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true, mode: backupFolderMode });
  rmSync(partial, { force: true });
  if (target.kind === 'sqlite' && !existsSync(target.file)) throw new BackupError(`There is no database at ${target.file} to back up.`);
  // The file exists, empty and private, before a byte is written into it: SQLite and pg_dump write into it as it is.
  closeSync(openSync(partial, 'wx', backupFileMode));
  chmodSync(partial, backupFileMode); // whatever the umask
  try {
    if (target.kind === 'sqlite') {
      const { db } = await openDatabase(url);
      try {
        await sql`vacuum into ${partial}`.execute(db);
      } finally {
        await db.destroy();
      }
      await emptyLiveSecrets(partial);
    } else {
      requireTool('pg_dump');
      const { schema } = await pgTarget(target.url);
      const qualified = (/** @type {string} */ table) => (schema ? `"${schema}"."${table}"` : `"${table}"`);
      const args = [
        '--format=custom',
        '--no-owner',
        `--file=${partial}`,
        ...(schema && schema !== 'public' ? [`--schema=${schema}`] : []),
        // The tables are dumped (a restored site has them) without their rows.
        ...liveSecretTables.map((table) => `--exclude-table-data=${qualified(table)}`),
        libpqUrl(target.url),
      ];
      const dump = spawnSync('pg_dump', args, { encoding: 'utf8' });
      if (dump.status !== 0) throw new BackupError(`pg_dump failed: ${dump.stderr.trim() || `exit ${dump.status}`}`);
    }
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  // Only a complete copy gets the name asked for.
  renameSync(partial, out);
  return target.kind;
}

/**
 * Deletes the rows of the live-secret tables from an SQLite copy, overwriting them (secure_delete), so no page of the
 * file still holds a token. @param {string} file
 */
async function emptyLiveSecrets(file) {
  const { db } = await openDatabase(`file:${file}`);
  try {
    await sql`pragma secure_delete = on`.execute(db);
    const present = /** @type {{ name: string }[]} */ ((await sql`select name from sqlite_master where type = 'table'`.execute(db)).rows).map(
      (row) => row.name,
    );
    for (const table of liveSecretTables.filter((name) => present.includes(name))) await sql`delete from ${sql.table(table)}`.execute(db);
    // The WAL's copy of the deleted pages goes back into the file and the WAL goes.
    await sql`pragma wal_checkpoint(truncate)`.execute(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Restores a backup into the database DATABASE_URL names. A database that already has tables is refused unless
 * `force` (then its tables are replaced). The site must be stopped while an embedded (SQLite) database is replaced.
 * @param {string | undefined} url @param {string} file @param {{ force?: boolean }} [options]
 */
export async function restoreDatabase(url, file, { force = false } = {}) {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const kind = backupKind(file);
  if (!kind) throw new BackupError(`${file} is not a backup made by db:backup (neither an SQLite file nor a pg_dump archive).`);
  const target = describeDatabase(url);
  if (kind !== target.kind) throw new BackupError(`${file} is ${kindNames[kind]} backup, and DATABASE_URL names ${kindNames[target.kind]} database.`);

  if (target.kind === 'sqlite') {
    const tables = existsSync(target.file) ? await sqliteTableCount(target.file) : 0;
    if (tables > 0 && !force) throw new BackupError(`${target.file} already has ${tables} tables: stop the site and add --force to replace it.`);
    // A copy of the backup is checked (the backup itself is never opened for writing) and must be whole before
    // anything is replaced.
    const staged = `${target.file}.restoring`;
    copyFileSync(file, staged);
    try {
      const { db } = await openDatabase(`file:${staged}`);
      try {
        const check = /** @type {{ integrity_check: string }} */ ((await sql`pragma integrity_check`.execute(db)).rows[0]);
        if (check.integrity_check !== 'ok') throw new BackupError(`${file} is damaged (${check.integrity_check}).`);
      } finally {
        await db.destroy();
      }
    } catch (error) {
      rmSync(staged, { force: true });
      throw error instanceof BackupError
        ? error
        : new BackupError(`${file} could not be read as a database: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const suffix of ['-wal', '-shm']) rmSync(`${target.file}${suffix}`, { force: true });
    renameSync(staged, target.file);
    return { kind };
  }

  requireTool('pg_restore');
  const { tables } = await pgTarget(target.url);
  if (tables > 0 && !force) throw new BackupError(`The database already has ${tables} tables: add --force to replace them.`);
  const restore = spawnSync(
    'pg_restore',
    ['--no-owner', '--exit-on-error', ...(force ? ['--clean', '--if-exists'] : []), `--dbname=${libpqUrl(target.url)}`, file],
    {
      encoding: 'utf8',
    },
  );
  if (restore.status !== 0) throw new BackupError(`pg_restore failed: ${restore.stderr.trim() || `exit ${restore.status}`}`);
  return { kind };
}

/** @param {string} file */
async function sqliteTableCount(file) {
  const { db } = await openDatabase(`file:${file}`);
  try {
    const row = /** @type {{ n: number }} */ (
      (await sql`select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows[0]
    );
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

/**
 * Backup file names for a folder of nightly copies: `hale-<time>.<kind>`, newest last when sorted.
 * @param {string} dir @param {'sqlite' | 'postgres'} kind @param {Date} now
 */
export function backupFileName(dir, kind, now = new Date()) {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return path.join(dir, `hale-${stamp}.${kind === 'sqlite' ? 'sqlite' : 'pgdump'}`);
}
