// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // What the owner did about an open alert: 'acknowledged' (seen; it stays open and raises no reminder) or 'muted'
  // (no messages until it closes), who did it, when, and their note. Null: nothing yet.
  await db.schema.alterTable('watch_alerts').addColumn('handled', 'text').execute();
  await db.schema.alterTable('watch_alerts').addColumn('handled_at', 'bigint').execute();
  await db.schema.alterTable('watch_alerts').addColumn('handled_by', 'text').execute();
  await db.schema.alterTable('watch_alerts').addColumn('handled_note', 'text').execute();
  // When the last reminder of an alert that stays open was written (null: none yet; the first is counted from opening).
  await db.schema.alterTable('watch_alerts').addColumn('reminded_at', 'bigint').execute();
}
