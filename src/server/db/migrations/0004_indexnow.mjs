// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
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
}
