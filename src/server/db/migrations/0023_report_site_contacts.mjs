// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // Per site, beside automatic sending: the client contact the report's e-mail greets by name, the addresses it goes to
  // (a JSON array; none set: the watched site's client e-mail), and the parts of the report the client gets (a JSON
  // array of src/config/report.ts reportContents ids; null: all of them).
  await db.schema.alterTable('report_site_settings').addColumn('contact_name', 'text').execute();
  await db.schema.alterTable('report_site_settings').addColumn('recipients', 'text').execute();
  await db.schema.alterTable('report_site_settings').addColumn('contents', 'text').execute();
}
