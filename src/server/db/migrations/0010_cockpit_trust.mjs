// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.
import { enquirySearchText } from '../search-text.mjs';

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // A security event says who it was about: the client address, the e-mail address tried (a sign-in, or a refused
  // enquiry with the name given, so the owner can call back), and the alert e-mail that reported it, if one did.
  for (const column of ['address', 'email_tried', 'name_tried', 'alert_id']) {
    await db.schema.alterTable('security_events').addColumn(column, 'text').execute();
  }
  await db.schema.createIndex('security_events_type').on('security_events').columns(['type', 'created_at']).execute();
  // Enquiries are searched without regard to accents or case, through a folded copy of their text.
  await db.schema
    .alterTable('contact_messages')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const rows = await db.selectFrom('contact_messages').select(['id', 'name', 'email', 'subject', 'message']).execute();
  for (const row of rows) {
    await db
      .updateTable('contact_messages')
      .set({ search_text: enquirySearchText(row) })
      .where('id', '=', row.id)
      .execute();
  }
}
