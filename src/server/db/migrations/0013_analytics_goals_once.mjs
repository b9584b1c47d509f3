// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // The goals already counted for each page view (space-separated; an outbound click as `outbound:<host>`), so a goal
  // beacon replayed for the same page view is not counted again.
  await db.schema
    .alterTable('analytics_page_views')
    .addColumn('goals', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
