// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // The free instant audit visitors run on /free-seo-audit: the site, progress while it runs, then the score, the
  // summary and the whole report (JSON). The id is the unguessable key of its results page. Kept 30 days.
  await db.schema
    .createTable('audits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('start_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('phase', 'text', (c) => c.notNull())
    .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'integer')
    .addColumn('pages', 'integer')
    .addColumn('errors', 'integer')
    .addColumn('warnings', 'integer')
    .addColumn('notices', 'integer')
    .addColumn('message', 'text')
    .addColumn('report', 'text')
    // The enquiry made when the visitor asked for the report by e-mail (their name and address live there only).
    .addColumn('lead_id', 'text')
    .execute();
  await db.schema.createIndex('audits_domain').on('audits').columns(['domain', 'created_at']).execute();
  await db.schema.createIndex('audits_created').on('audits').column('created_at').execute();
  // Files sent with an e-mail (the audit report's PDF), JSON: [{ filename, contentType, base64 }].
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
}
