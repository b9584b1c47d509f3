// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
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
}
