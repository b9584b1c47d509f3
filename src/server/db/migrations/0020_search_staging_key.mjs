// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // A sync's staged rows are moved into search_rows a day, and within a large day a range of keys, at a time (so the
  // synchronous SQLite driver lets requests through between): each step finds its rows by this key, not by reading
  // every staged row of the run.
  await db.schema.createIndex('search_rows_staging_run_key').on('search_rows_staging').columns(['run_id', 'day', 'query', 'page', 'device']).execute();
  await db.schema.dropIndex('search_rows_staging_run').execute();
}
