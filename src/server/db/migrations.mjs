// Schema migrations, applied in order on start and by `npm run db:migrate`. Never edit a released one: add another.
import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';

/** @type {Record<string, import('kysely').Migration>} */
const migrations = {
  '0001_leads_outbox_security': {
    async up(db) {
      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('request_type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contact_messages_created').on('contact_messages').column('created_at').execute();

      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('message_id', 'text', (c) => c.references('contact_messages.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('reply_to', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

      await db.schema
        .createTable('rate_limit_hits')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('client_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limit_hits_client').on('rate_limit_hits').columns(['scope', 'client_hash', 'created_at']).execute();

      await db.schema
        .createTable('security_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('severity', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('security_events_created').on('security_events').columns(['severity', 'created_at']).execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      // Secret for hashing client addresses: stable across restarts and shared by every instance on this database.
      await db
        .insertInto('settings')
        .values({ key: 'client_hash_secret', value: randomBytes(32).toString('hex') })
        .execute();
    },
    async down(db) {
      for (const table of ['settings', 'security_events', 'rate_limit_hits', 'mail_outbox', 'contact_messages']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '0002_auth_secret': {
    async up(db) {
      // Signs session cookies and encrypts two-factor secrets: stable across restarts, shared by every instance.
      await db
        .insertInto('settings')
        .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
        .execute();
    },
    async down(db) {
      await db.deleteFrom('settings').where('key', '=', 'auth_secret').execute();
    },
  },
  '0003_admin': {
    async up(db) {
      // The lead inbox: a status the owner sets, and the time of the last activity (retention counts from it).
      await db.schema
        .alterTable('contact_messages')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
        .execute();
      await db.schema
        .alterTable('contact_messages')
        .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db
        .updateTable('contact_messages')
        .set((eb) => ({ updated_at: eb.ref('created_at') }))
        .execute();
      await db.schema
        .createTable('account_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_events_user').on('account_events').columns(['user_id', 'created_at']).execute();
    },
    async down(db) {
      await db.schema.dropTable('account_events').execute();
      await db.schema.alterTable('contact_messages').dropColumn('updated_at').execute();
      await db.schema.alterTable('contact_messages').dropColumn('status').execute();
    },
  },
  '0004_indexnow': {
    async up(db) {
      // The last content hash submitted for each URL (null once it was submitted as removed).
      await db.schema
        .createTable('indexnow_pages')
        .addColumn('url', 'text', (c) => c.primaryKey())
        .addColumn('content_hash', 'text')
        .addColumn('submitted_at', 'bigint', (c) => c.notNull())
        .execute();
      // Every request sent to the endpoint, with its answer.
      await db.schema
        .createTable('indexnow_submissions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('url_count', 'integer', (c) => c.notNull())
        .addColumn('urls', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('indexnow_submissions_created').on('indexnow_submissions').column('created_at').execute();
      // Every run, including those with nothing to submit: the admin shows the last one.
      await db.schema
        .createTable('indexnow_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint', (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('changed', 'integer', (c) => c.notNull())
        .addColumn('removed', 'integer', (c) => c.notNull())
        .addColumn('sent', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('indexnow_runs_started').on('indexnow_runs').column('started_at').execute();
      // One holder at a time for jobs that must not run twice, across every server process on this database.
      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db) {
      for (const table of ['job_leases', 'indexnow_runs', 'indexnow_submissions', 'indexnow_pages']) await db.schema.dropTable(table).execute();
    },
  },
  '0005_ai_generations': {
    async up(db) {
      // Every generation of the AI content generator, whatever its outcome: the tab's history and Settings' AI status.
      await db.schema
        .createTable('ai_generations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('service', 'text')
        .addColumn('prompt', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('output', 'text', (c) => c.notNull())
        .addColumn('input_tokens', 'integer')
        .addColumn('output_tokens', 'integer')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .execute();
      await db.schema.createIndex('ai_generations_created').on('ai_generations').column('created_at').execute();
    },
    async down(db) {
      await db.schema.dropTable('ai_generations').execute();
    },
  },
  '0006_site_checks': {
    async up(db) {
      // SEO site checks run from the admin: progress while running, then the summary and the whole report (JSON).
      await db.schema
        .createTable('site_check_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('site', 'text', (c) => c.notNull())
        .addColumn('start_url', 'text', (c) => c.notNull())
        .addColumn('max_pages', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('progress_total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pages', 'integer')
        .addColumn('errors', 'integer')
        .addColumn('warnings', 'integer')
        .addColumn('notices', 'integer')
        .addColumn('passed', 'integer')
        .addColumn('message', 'text')
        .addColumn('report', 'text')
        .execute();
      await db.schema.createIndex('site_check_runs_site').on('site_check_runs').columns(['site', 'created_at']).execute();
    },
    async down(db) {
      await db.schema.dropTable('site_check_runs').execute();
    },
  },
  '0007_analytics': {
    async up(db) {
      // Raw records, kept ANALYTICS_RETENTION_DAYS: the page views and visits, by their day-scoped visitor id.
      await db.schema
        .createTable('analytics_visits')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .addColumn('page_views', 'integer', (c) => c.notNull())
        .addColumn('engaged_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('entry_path', 'text', (c) => c.notNull())
        .addColumn('referrer', 'text')
        .addColumn('campaign', 'text')
        .addColumn('viewport', 'text', (c) => c.notNull())
        .addColumn('converted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('analytics_visits_visitor').on('analytics_visits').columns(['visitor', 'last_at']).execute();
      await db.schema.createIndex('analytics_visits_last').on('analytics_visits').column('last_at').execute();
      await db.schema.createIndex('analytics_visits_day').on('analytics_visits').column('day').execute();
      await db.schema
        .createTable('analytics_page_views')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('visit_id', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('viewport', 'text', (c) => c.notNull())
        .addColumn('engaged_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('metrics', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('analytics_page_views_day').on('analytics_page_views').column('day').execute();
      // Who has been counted today: one row per day-scoped visitor id, gone with the salt that made it.
      await db.schema
        .createTable('analytics_visitors')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text', (c) => c.notNull())
        .addColumn('converted', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('analytics_visitors_pk', ['day', 'visitor'])
        .execute();
      await db.schema
        .createTable('analytics_salts')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('salt', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // Daily aggregates, kept for good: every figure the dashboard shows.
      await db.schema
        .createTable('analytics_daily')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('page_views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('visits', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('bounces', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('engaged_ms', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('conversions', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('analytics_daily_breakdown')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('dimension', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('analytics_daily_breakdown_pk', ['day', 'dimension', 'value'])
        .execute();
      await db.schema
        .createTable('analytics_daily_vitals')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('form_factor', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('samples', 'integer', (c) => c.notNull())
        .addColumn('good', 'integer', (c) => c.notNull())
        .addColumn('needs_improvement', 'integer', (c) => c.notNull())
        .addColumn('poor', 'integer', (c) => c.notNull())
        .addColumn('histogram', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('analytics_daily_vitals_pk', ['day', 'path', 'form_factor', 'metric'])
        .execute();
      // The latest saved `npm run bench:lighthouse`, shown beside the field data.
      await db.schema
        .createTable('lab_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('report', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db) {
      for (const table of [
        'lab_runs',
        'analytics_daily_vitals',
        'analytics_daily_breakdown',
        'analytics_daily',
        'analytics_salts',
        'analytics_visitors',
        'analytics_page_views',
        'analytics_visits',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
};

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
        return await migrateAll(connection, kind, steps);
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
 * @param {import('kysely').Kysely<any>} db @param {'sqlite' | 'postgres'} kind
 * @param {((db: import('kysely').Kysely<any>, kind: 'sqlite' | 'postgres') => Promise<void>)[]} steps
 */
async function migrateAll(db, kind, steps) {
  // On PostgreSQL, Kysely looks for its own tables in every schema unless told which: with another schema holding
  // them (another app, or another test run), it would skip creating them in this one and then fail to find them.
  const migrationTableSchema =
    kind === 'postgres' ? /** @type {{ schema: string }} */ ((await sql`select current_schema() as schema`.execute(db)).rows[0]).schema : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(migrationTableSchema && { migrationTableSchema }) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  for (const step of steps) await step(db, kind);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
