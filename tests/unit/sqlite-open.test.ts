import { describe, expect, it } from 'vitest';
import { applyPragmas } from '../../src/server/db/connect.mjs';

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
});
