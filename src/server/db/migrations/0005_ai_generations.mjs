// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // Every generation of the AI content generator, whatever its outcome: the tab's history and Settings' AI status.
  await db.schema
    .createTable('ai_generations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('service', 'text')
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('output', 'text', (c) => c.notNull())
    .addColumn('input_tokens', 'integer')
    .addColumn('output_tokens', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .execute();
  await db.schema.createIndex('ai_generations_created').on('ai_generations').column('created_at').execute();
}
