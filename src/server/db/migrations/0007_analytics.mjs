// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
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
}
