import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { applyPragmas, openDatabase, sqliteDriver } from '../../src/server/db/connect.mjs';

const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

describe('opening an embedded database', () => {
  it('retries the switch to WAL when another process holds the lock, then applies every PRAGMA', async () => {
    const run: string[] = [];
    let refusals = 2;
    await applyPragmas(
      (sql) => {
        if (sql.includes('journal_mode') && refusals-- > 0) throw busy();
        run.push(sql);
      },
      () => 'delete',
    );
    expect(refusals).toBe(-1);
    expect(run).toEqual(['pragma busy_timeout = 5000', 'pragma journal_mode = WAL', 'pragma synchronous = FULL', 'pragma foreign_keys = ON']);
  });

  it('does not ask for the write lock when the file is already in WAL', async () => {
    const run: string[] = [];
    await applyPragmas(
      (sql) => void run.push(sql),
      () => 'wal',
    );
    expect(run.some((sql) => sql.includes('journal_mode'))).toBe(false);
  });

  it('reports any other error at once', async () => {
    const broken = new Error('file is not a database');
    await expect(
      applyPragmas(
        () => {
          throw broken;
        },
        () => 'delete',
      ),
    ).rejects.toBe(broken);
  });

  it(`opens a real file through ${sqliteDriver()} on Node ${process.versions.node}: WAL, foreign keys, writes seen by a second connection`, async () => {
    expect(sqliteDriver()).toBe(Number(process.versions.node.split('.')[0]) >= 24 ? 'node:sqlite' : 'better-sqlite3');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-sqlite-open-'));
    const url = `file:${path.join(dir, 'site.db')}`;
    const first = await openDatabase(url);
    const second = await openDatabase(url);
    try {
      expect(first.kind).toBe('sqlite');
      expect((await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.db)).rows[0]?.journal_mode).toBe('wal');
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(first.db)).rows[0]?.foreign_keys).toBe(1);
      await sql`create table parent (id integer primary key)`.execute(first.db);
      await sql`create table child (id integer primary key, parent_id integer not null references parent (id))`.execute(first.db);
      await sql`insert into parent (id) values (1)`.execute(first.db);
      await sql`insert into child (id, parent_id) values (1, 1)`.execute(first.db);
      await expect(sql`insert into child (id, parent_id) values (2, 99)`.execute(first.db)).rejects.toThrow(/FOREIGN KEY/i);
      expect((await sql<{ n: number }>`select count(*) as n from child`.execute(second.db)).rows[0]?.n).toBe(1);
    } finally {
      await first.db.destroy();
      await second.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
