// @ts-check
// Released: never edit it; add another migration. Migrations only go forward (no down step): a release is
// undone by restoring the backup taken before it.

/** @param {import('kysely').Kysely<any>} db */
export async function up(db) {
  // Blog posts written in the admin (those in src/content/posts are part of the code). `version` goes up with every
  // save, so a save made from a stale copy (another tab) is refused instead of overwriting what it did not see.
  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('cover_id', 'text')
    .addColumn('cover_alt', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'bigint')
    .addColumn('published_at', 'bigint')
    .addColumn('modified_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('posts_status').on('posts').columns(['status', 'publish_at']).execute();
  // What each save replaced, so the owner can go back to an earlier version.
  await db.schema
    .createTable('post_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('saved_at', 'bigint', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('post_versions_post').on('post_versions').columns(['post_id', 'version']).execute();
  // Cover images, each size and format a row, in the database so every server process sharing it can serve them.
  await db.schema
    .createTable('post_images')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    // Base64: one column type that SQLite and PostgreSQL read back the same way; covers are tens of kilobytes.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_images_pk', ['id', 'width', 'format'])
    .execute();
}
