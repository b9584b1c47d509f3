/**
 * Backups while the site takes enquiries, and restoring one: every enquiry answered 201 before the backup began is in
 * the copy, and a site started on the restored database runs. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db';
import { backupFileMode, backupFolderMode } from '../../src/server/db/backup.mjs';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { freePort, SiteProcess } from '../support/server';
import { adminApi } from '../../src/config/admin';

/**
 * Runs one of the project's scripts as the owner would, with DATABASE_URL set, from a shell with the usual umask (022:
 * what it creates is readable by all unless the script sees to it).
 */
function script(file: string, args: string[], databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', 'umask 022 && exec "$0" "$@"', process.execPath, file, ...args], { env: { ...process.env, DATABASE_URL: databaseUrl } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A second database to restore into: a new SQLite file, or a new PostgreSQL database with the same schema name. */
async function emptyTargetLike(source: DatabaseTarget, dir: string): Promise<{ url: string; dispose: () => Promise<void> }> {
  if (source.name === 'sqlite') return { url: `file:${path.join(dir, 'restored.db')}`, dispose: async () => {} };
  const base = process.env.TEST_DATABASE_URL!;
  const database = `restore_${Date.now().toString(36)}`;
  // Creating and dropping a database copies and removes files with a checkpoint: seconds on a busy machine, past the
  // site's own query timeout.
  const { db } = await openDatabase(base, { timeoutMs: 120_000 });
  await sql`create database ${sql.id(database)}`.execute(db);
  await db.destroy();
  const url = new URL(base);
  url.pathname = `/${database}`;
  url.searchParams.set('options', `-c search_path=${source.options.searchPath}`);
  return {
    url: url.toString(),
    dispose: async () => {
      const { db: admin } = await openDatabase(base, { timeoutMs: 120_000 });
      await sql`drop database if exists ${sql.id(database)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

describe.each(databaseNames())('backup and restore on %s', (name) => {
  let source: DatabaseTarget;
  let site: SiteProcess;
  let dir: string;

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    dir = mkdtempSync(path.join(os.tmpdir(), 'hale-backup-'));
    source = await createTarget(name);
    site = new SiteProcess(await freePort(), { DATABASE_URL: source.url, SMTP_URL: '', TRUST_PROXY: 'true' });
    await site.start();
  }, 60_000);

  afterAll(async () => {
    await site?.stop();
    await source?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('takes a consistent copy during a burst of enquiries, and the restored site has every one answered before it', async () => {
    const answered: { subject: string; status: number; at: number }[] = [];
    let sent = 0;
    let backupStartedAt = 0;
    const backupFile = path.join(dir, `site.${name === 'sqlite' ? 'sqlite' : 'pgdump'}`);
    // Four clients post one after another until the backup is done and a few more have gone in after it.
    let backupDone = false;
    const poster = async () => {
      let after = 0;
      while (!backupDone || after < 3) {
        const n = sent++;
        const subject = `Backup burst ${n}`;
        const response = await site.post(
          '/api/contact',
          JSON.stringify({ name: 'Jane Smith', email: 'jane@example.com', subject, message: `Enquiry number ${n}.` }),
          // A new client each time behind the trusted proxy, so the per-client limit is not what is tested.
          { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${n % 250}, 203.0.113.${n % 250}` },
        );
        answered.push({ subject, status: response.status, at: Date.now() });
        if (backupDone) after++;
      }
    };
    const backup = (async () => {
      // Start once the burst is under way.
      while (answered.filter((a) => a.status === 201).length < 20) await new Promise((resolve) => setImmediate(resolve));
      backupStartedAt = Date.now();
      const result = await script('scripts/db-backup.mjs', ['--out', backupFile], source.url);
      backupDone = true;
      return result;
    })();
    const [result] = await Promise.all([backup, poster(), poster(), poster(), poster()]);
    expect(result.code, result.output).toBe(0);
    // Answered before the backup began: the response had arrived when it was started.
    const before = answered.filter((a) => a.status === 201 && a.at <= backupStartedAt).map((a) => a.subject);
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(answered.filter((a) => a.status === 201 && a.at > backupStartedAt).length, 'enquiries went on during and after the backup').toBeGreaterThan(0);

    const restored = await emptyTargetLike(source, dir);
    try {
      const restore = await script('scripts/db-restore.mjs', [backupFile], restored.url);
      expect(restore.code, restore.output).toBe(0);
      const { db } = await openDatabase(restored.url);
      try {
        const subjects = new Set((await db.selectFrom('contact_messages').select('subject').execute()).map((row) => row.subject));
        expect(before.filter((subject) => !subjects.has(subject))).toEqual([]);
      } finally {
        await db.destroy();
      }
      // Restoring over a database that has tables needs --force.
      const again = await script('scripts/db-restore.mjs', [backupFile], restored.url);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/already has \d+ tables.*--force/);

      const restoredSite = new SiteProcess(await freePort(), { DATABASE_URL: restored.url, SMTP_URL: '' });
      await restoredSite.start();
      try {
        expect((await fetch(`${restoredSite.base}/api/health`)).status).toBe(200);
      } finally {
        await restoredSite.stop();
      }
    } finally {
      await restored.dispose();
    }
  }, 120_000);

  it('writes a backup its owner alone can read, in a folder of their own, and leaves the live sessions out', async () => {
    const password = 'a sensible long passphrase';
    expect(runAdminScript('create', 'owner@example.com', password, source.url).stderr).toBe('');
    const owner = new CookieClient(site.base, { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' });
    expect((await owner.json('/api/auth/sign-in', { email: 'owner@example.com', password })).status).toBe(200);
    expect((await owner.request(adminApi.sessions)).status).toBe(200);

    const folder = path.join(dir, 'private', 'nightly');
    const taken = await script('scripts/db-backup.mjs', ['--dir', folder, '--keep', '2'], source.url);
    expect(taken.code, taken.output).toBe(0);
    const [file] = readdirSync(folder);
    const mode = (p: string) => statSync(p).mode & 0o777;
    expect(mode(path.join(dir, 'private'))).toBe(backupFolderMode);
    expect(mode(folder)).toBe(backupFolderMode);
    expect(mode(path.join(folder, file!))).toBe(backupFileMode);
    const single = path.join(dir, 'single', `one.${name === 'sqlite' ? 'sqlite' : 'pgdump'}`);
    expect((await script('scripts/db-backup.mjs', ['--out', single], source.url)).code).toBe(0);
    expect([mode(path.dirname(single)), mode(single)]).toEqual([backupFolderMode, backupFileMode]);

    const restored = await emptyTargetLike(source, mkdtempSync(path.join(dir, 'restore-')));
    try {
      const restore = await script('scripts/db-restore.mjs', [path.join(folder, file!)], restored.url);
      expect(restore.code, restore.output).toBe(0);
      const restoredSite = new SiteProcess(await freePort(), { DATABASE_URL: restored.url, SMTP_URL: '' });
      await restoredSite.start();
      try {
        // The same cookie (the auth secret came with the backup) names a session the backup did not keep.
        const sameBrowser = new CookieClient(restoredSite.base, { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' });
        for (const cookie of owner.cookieHeader().split('; ')) {
          const [cookieName, ...value] = cookie.split('=');
          sameBrowser.setCookie(cookieName!, value.join('='));
        }
        expect((await sameBrowser.request(adminApi.sessions)).status).toBe(401);
        // The owner signs in again: the account came with the backup.
        const again = new CookieClient(restoredSite.base, { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' });
        expect((await again.json('/api/auth/sign-in', { email: 'owner@example.com', password })).status).toBe(200);
        expect((await again.request(adminApi.sessions)).status).toBe(200);
      } finally {
        await restoredSite.stop();
      }
    } finally {
      await restored.dispose();
    }
    // Nothing of a session token is left in the SQLite file, not even in a free page.
    if (name === 'sqlite') {
      const { db } = await openDatabase(source.url);
      const tokens = (await db
        .selectFrom('session' as never)
        .select('token' as never)
        .execute()) as { token: string }[];
      await db.destroy();
      expect(tokens.length).toBeGreaterThan(0);
      const bytes = readFileSync(path.join(folder, file!)).toString('latin1');
      for (const { token } of tokens) expect(bytes).not.toContain(token);
    }
  }, 120_000);

  it('keeps the newest N copies in a backup folder, and refuses a file that is not a backup', async () => {
    const folder = path.join(dir, 'nightly');
    const extension = name === 'sqlite' ? 'sqlite' : 'pgdump';
    const older = ['20200101T000000Z', '20200102T000000Z', '20200103T000000Z'].map((stamp) => `hale-${stamp}.${extension}`);
    for (const file of older) expect((await script('scripts/db-backup.mjs', ['--out', path.join(folder, file)], source.url)).code).toBe(0);
    writeFileSync(path.join(folder, 'notes.txt'), 'not a backup: left alone');
    const nightly = await script('scripts/db-backup.mjs', ['--dir', folder, '--keep', '2'], source.url);
    expect(nightly.code, nightly.output).toBe(0);
    const left = readdirSync(folder).sort();
    expect(left).toHaveLength(3);
    expect(left).toContain(older[2]);
    expect(left).toContain('notes.txt');
    expect(left.some((file) => !older.includes(file) && file.startsWith('hale-'))).toBe(true);

    const junk = path.join(dir, 'junk.txt');
    writeFileSync(junk, 'not a database');
    const refused = await script('scripts/db-restore.mjs', [junk], source.url);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is not a backup made by db:backup');
  }, 60_000);
});
