// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // The monthly client reports (and those made on demand for any period): the figures as they were when the report was
  // made (JSON, src/lib/report-types.ts), the owner's summary, and where it stands (a draft until approved, which sends it). One
  // monthly report per site and month, across every server process: (site_key, month) is unique; a report made on
  // demand has no month, and NULLs never collide.
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('site_key', 'text', (c) => c.notNull())
    .addColumn('month', 'text')
    .addColumn('period_from', 'text', (c) => c.notNull())
    .addColumn('period_to', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('approved_at', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('recipient', 'text')
    .execute();
  await db.schema.createIndex('reports_site_month').unique().on('reports').columns(['site_key', 'month']).execute();
  await db.schema.createIndex('reports_created').on('reports').column('created_at').execute();
  // The client's read-only links: only the token's hash is stored; a link expires, and the owner can withdraw it.
  await db.schema
    .createTable('report_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('report_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('report_links_report').on('report_links').column('report_id').execute();
  // One send per report, ever: the row is the claim (its key is the report), written in the transaction that queues
  // the e-mail in the outbox, so a second instance or a restart finds it and sends nothing.
  await db.schema
    .createTable('report_sends')
    .addColumn('report_id', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('mail_id', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Per site: whether its monthly report goes to the client without waiting for the owner's approval.
  await db.schema
    .createTable('report_site_settings')
    .addColumn('site_key', 'text', (c) => c.primaryKey())
    .addColumn('auto_send', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
