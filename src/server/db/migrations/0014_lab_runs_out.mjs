// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // Lighthouse runs were a benchmark's output kept in the product's database for the Performance tab, which told the
  // owner to run a development tool on the server. The benchmark prints its table instead; the site keeps only what
  // it measures itself (real visitors' Core Web Vitals).
  await db.schema.dropTable('lab_runs').ifExists().execute();
}
