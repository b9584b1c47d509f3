// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // "Email me the full report" is allowed once per key, and a key is given only to the browser that asked for the
  // audit (or for its recent result): a random value in a cookie of that browser, stored here only as its hash.
  // `sent_at` is set when the key's one report was accepted. Deleted with the audit (30 days).
  await db.schema
    .createTable('audit_report_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('audit_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('audit_report_tokens_audit').on('audit_report_tokens').column('audit_id').execute();
  await db.schema.createIndex('audit_report_tokens_created').on('audit_report_tokens').column('created_at').execute();
}
