// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // Which alert each alert e-mail is about, so the messages quiet hours hold can be found per alert: shown as held in
  // Alerts, and taken back when the alert closes before they are sent (one message then says both). Gone with the
  // e-mail or the alert.
  await db.schema
    .createTable('watch_alert_mails')
    .addColumn('mail_id', 'text', (c) => c.primaryKey().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('alert_id', 'text', (c) => c.notNull().references('watch_alerts.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('watch_alert_mails_alert').on('watch_alert_mails').column('alert_id').execute();
}
