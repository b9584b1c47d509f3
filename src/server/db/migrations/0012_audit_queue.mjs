// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // The free audits' queue lives in this table for every server process: each one looks for waiting audits every
  // second, and counts running and waiting ones before it starts or takes in another.
  await db.schema.createIndex('audits_status').on('audits').columns(['status', 'created_at']).execute();
}
