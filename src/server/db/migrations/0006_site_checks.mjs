// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
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
}
