// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // A visit's source (utm_source, else the referring domain), browser and last page, so the dashboard can list and
  // filter by them; the daily breakdown table takes the new dimensions as rows.
  await db.schema.alterTable('analytics_visits').addColumn('source', 'text').execute();
  await db.schema.alterTable('analytics_visits').addColumn('browser', 'text').execute();
  await db.schema.alterTable('analytics_visits').addColumn('exit_path', 'text').execute();
  // Each enquiry that converted a visit, so marking the enquiry as spam takes the conversion back. `visitor` is the
  // day-scoped id (gone with its salt after 48 hours); `spam` mirrors the enquiry's status.
  await db.schema
    .createTable('analytics_conversions')
    .addColumn('lead_id', 'text', (c) => c.primaryKey())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text')
    .addColumn('spam', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('analytics_conversions_day').on('analytics_conversions').columns(['day', 'visitor']).execute();
}
