/**
 * An upgrade: a database made by the previous release's migrations, with data in it, opened by the current server.
 * It migrates forward and every row is still there, every column it had unchanged. SQLite and PostgreSQL.
 */
import { existsSync } from 'node:fs';
import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db';
import { migrations } from '../../src/server/db/migrations/index.mjs';
import { pastDroppedSchemas, projectMigrationNames } from '../../src/server/db/migrator.mjs';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { freePort, SiteProcess } from '../support/server';

/**
 * The last release that went live ran the migrations up to 0007_analytics (everything after it, from the audits and
 * posts to the cockpit's columns, arrives together): the upgrade is tried from there.
 */
const previousRelease = '0007_analytics';

/** Rows as the previous release's tables hold them (only tables and columns that existed then). */
function previousReleaseRows(now: number) {
  return {
    contact_messages: [
      {
        id: 'lead-1',
        created_at: now - 60_000,
        request_type: 'general',
        name: 'Zoë Smith',
        email: 'jane@example.com',
        subject: 'Old lead',
        message: 'Made before the upgrade.',
        status: 'contacted',
        updated_at: now - 30_000,
      },
    ],
    mail_outbox: [
      {
        id: 'mail-1',
        message_id: 'lead-1',
        kind: 'notification',
        recipient: 'owner@example.com',
        reply_to: 'jane@example.com',
        subject: 'New enquiry: Old lead',
        body: 'Made before the upgrade.',
        status: 'sent',
        attempts: 1,
        next_attempt_at: now - 60_000,
        locked_until: 0,
        last_error: null,
        created_at: now - 60_000,
        sent_at: now - 59_000,
      },
    ],
    security_events: [{ id: 'event-1', type: 'auth_failure', severity: 'medium', details: 'Before the upgrade', user_agent: 'test', created_at: now - 60_000 }],
    account_events: [{ id: 'account-1', user_id: 'user-1', type: 'signed_in', address: '192.0.2.1', user_agent: 'test', created_at: now - 60_000 }],
    indexnow_pages: [{ url: 'https://www.example.com/', content_hash: 'abc', submitted_at: now - 60_000 }],
    ai_generations: [
      {
        id: 'ai-1',
        user_id: 'user-1',
        created_at: now - 60_000,
        content_type: 'blog',
        service: null,
        prompt: 'A post',
        model: 'model',
        output: 'Text',
        input_tokens: 10,
        output_tokens: 20,
        duration_ms: 1000,
        outcome: 'ok',
        message: null,
      },
    ],
    site_check_runs: [
      {
        id: 'check-1',
        site: 'https://www.example.com',
        start_url: 'https://www.example.com/',
        max_pages: 50,
        status: 'done',
        cancel_requested: 0,
        created_at: now - 60_000,
        updated_at: now - 50_000,
        finished_at: now - 50_000,
        phase: 'done',
        progress_done: 3,
        progress_total: 3,
        pages: 3,
        errors: 0,
        warnings: 1,
        notices: 2,
        passed: 10,
        message: null,
        report: '{}',
      },
    ],
  } satisfies Record<string, Record<string, unknown>[]>;
}

async function migrateTo(db: Kysely<any>, target: DatabaseTarget, name: string) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(target.options.searchPath && { migrationTableSchema: target.options.searchPath }),
  });
  await pastDroppedSchemas(async () => {
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  });
}

describe.each(databaseNames())('upgrading from the previous release on %s', (name) => {
  let target: DatabaseTarget;

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
  });
  afterAll(async () => target?.dispose());

  it(`migrates a database made by the migrations up to ${previousRelease}, losing nothing`, async () => {
    const rows = previousReleaseRows(Date.now());
    // Untyped: these are the previous release's tables, not the current schema's.
    const db = (await openDatabase(target.url, target.options)).db as unknown as Kysely<any>;
    try {
      await migrateTo(db, target, previousRelease);
      for (const [table, values] of Object.entries(rows)) await db.insertInto(table).values(values).execute();
    } finally {
      await db.destroy();
    }

    const site = new SiteProcess(await freePort(), { DATABASE_URL: target.url, SMTP_URL: '' });
    await site.start();
    try {
      expect((await fetch(`${site.base}/api/health`)).status).toBe(200);
    } finally {
      await site.stop();
    }

    const after = (await openDatabase(target.url, target.options)).db as unknown as Kysely<any>;
    try {
      const applied = (await after.selectFrom('kysely_migration').select('name').orderBy('name').execute()).map((row: { name: string }) => row.name);
      expect(applied).toEqual(projectMigrationNames);
      for (const [table, values] of Object.entries(rows)) {
        const stored = (await after.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
        for (const row of values) {
          const key = Object.keys(row)[0]!;
          const found = stored.find((s) => s[key] === row[key as keyof typeof row]);
          expect(found, `${table} ${String(row[key as keyof typeof row])}`).toBeDefined();
          // Every column the previous release wrote reads back the same (numbers as numbers on both databases).
          for (const [column, value] of Object.entries(row)) expect(found![column], `${table}.${column}`).toEqual(value);
        }
      }
      // Enquiries made before accent-blind search are found by it too: the migration folded their text.
      const lead = await after.selectFrom('contact_messages').select('search_text').where('id', '=', 'lead-1').executeTakeFirstOrThrow();
      expect(lead.search_text).toContain('zoe smith');
      // The benchmark's table the previous release made is gone from the product's schema.
      await expect(after.selectFrom('lab_runs').selectAll().execute()).rejects.toThrow(/lab_runs/);
    } finally {
      await after.destroy();
    }
  }, 60_000);
});
