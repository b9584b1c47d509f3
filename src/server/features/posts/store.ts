/**
 * Admin posts in the database: drafts, saves (each keeps what it replaced, so it can be restored), the lifecycle
 * (scheduled → published → unpublished) and what the public site reads. A save names the version it started from;
 * a stale one (the post was saved from another tab since) is refused with the fields that differ.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import type { PostTable } from '../../db/schema';
import type { PostStatus } from '~/config/posts';
import type { PostFields } from '~/lib/posts';

export interface PostRecord extends PostFields {
  id: string;
  status: PostStatus;
  publishAt: number | null;
  publishedAt: number | null;
  modifiedAt: number | null;
  createdAt: number;
  updatedAt: number;
  version: number;
}

const fieldNames = ['title', 'slug', 'description', 'keywords', 'body', 'coverId', 'coverAlt'] as const satisfies readonly (keyof PostFields)[];

export function toRecord(row: PostTable): PostRecord {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    keywords: JSON.parse(row.keywords) as string[],
    body: row.body,
    coverId: row.cover_id,
    coverAlt: row.cover_alt ?? '',
    status: row.status as PostStatus,
    publishAt: row.publish_at,
    publishedAt: row.published_at,
    modifiedAt: row.modified_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

const columns = (fields: PostFields) => ({
  slug: fields.slug,
  title: fields.title,
  description: fields.description,
  keywords: JSON.stringify(fields.keywords),
  body: fields.body,
  cover_id: fields.coverId,
  cover_alt: fields.coverAlt || null,
});

const fieldsOf = (record: PostRecord): PostFields => Object.fromEntries(fieldNames.map((name) => [name, record[name]])) as unknown as PostFields;

/** The fields where two versions differ. */
export function changedFields(a: PostFields, b: PostFields): (keyof PostFields)[] {
  return fieldNames.filter((name) => JSON.stringify(a[name]) !== JSON.stringify(b[name]));
}

export async function listPosts(db: Db): Promise<PostRecord[]> {
  return (await db.selectFrom('posts').selectAll().orderBy('updated_at', 'desc').execute()).map(toRecord);
}

export async function getPost(db: Db, id: string): Promise<PostRecord | null> {
  const row = await db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function postBySlug(db: Db, slug: string): Promise<PostRecord | null> {
  const row = await db.selectFrom('posts').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Published posts, newest first: the blog, the sitemap, the feed. */
export async function publishedPosts(db: Db): Promise<PostRecord[]> {
  return (await db.selectFrom('posts').selectAll().where('status', '=', 'published').orderBy('published_at', 'desc').execute()).map(toRecord);
}

export type SaveResult =
  | { ok: true; post: PostRecord }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'slug-taken' }
  | { ok: false; reason: 'conflict'; current: PostRecord; changed: (keyof PostFields)[] };

/** Slugs already used by another admin post, or by a post of the build (`reserved`). */
async function slugTaken(db: Db, slug: string, exceptId: string | null, reserved: ReadonlySet<string>) {
  if (reserved.has(slug)) return true;
  let query = db.selectFrom('posts').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function createPost(db: Db, fields: PostFields, reserved: ReadonlySet<string>, now = Date.now()): Promise<SaveResult> {
  if (await slugTaken(db, fields.slug, null, reserved)) return { ok: false, reason: 'slug-taken' };
  const id = randomUUID();
  try {
    await db
      .insertInto('posts')
      .values({
        id,
        ...columns(fields),
        status: 'draft',
        publish_at: null,
        published_at: null,
        modified_at: null,
        created_at: now,
        updated_at: now,
        version: 1,
      })
      .execute();
  } catch (error) {
    // Two creations with one slug at once: the unique index decides.
    if (await slugTaken(db, fields.slug, null, reserved)) return { ok: false, reason: 'slug-taken' };
    throw error;
  }
  return { ok: true, post: (await getPost(db, id))! };
}

/**
 * Saves the fields over `baseVersion`. A published post's page changes at once (its dateModified with it). What the
 * save replaced is kept as a version.
 */
export async function savePost(
  db: Db,
  id: string,
  baseVersion: number,
  fields: PostFields,
  reserved: ReadonlySet<string>,
  now = Date.now(),
): Promise<SaveResult> {
  const current = await getPost(db, id);
  if (!current) return { ok: false, reason: 'not-found' };
  if (current.version !== baseVersion) return { ok: false, reason: 'conflict', current, changed: changedFields(fieldsOf(current), fields) };
  if (changedFields(fieldsOf(current), fields).length === 0) return { ok: true, post: current };
  if (current.slug !== fields.slug && (await slugTaken(db, fields.slug, id, reserved))) return { ok: false, reason: 'slug-taken' };
  const updated = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('posts')
      .set({ ...columns(fields), updated_at: now, version: baseVersion + 1, ...(current.status === 'published' && { modified_at: now }) })
      .where('id', '=', id)
      .where('version', '=', baseVersion)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('post_versions')
      .values({ id: randomUUID(), post_id: id, version: current.version, saved_at: current.updatedAt, snapshot: JSON.stringify(fieldsOf(current)) })
      .execute();
    return true;
  });
  if (!updated) {
    const latest = (await getPost(db, id))!;
    return { ok: false, reason: 'conflict', current: latest, changed: changedFields(fieldsOf(latest), fields) };
  }
  return { ok: true, post: (await getPost(db, id))! };
}

/** Publishes now, or schedules for `at` (the scheduler publishes it then). */
export async function publishPost(db: Db, id: string, at: number | null, now = Date.now()): Promise<PostRecord | null> {
  const current = await getPost(db, id);
  if (!current) return null;
  if (at !== null && at > now) {
    await db
      .updateTable('posts')
      .set({ status: 'scheduled', publish_at: at, updated_at: now, version: current.version + 1 })
      .where('id', '=', id)
      .execute();
  } else {
    const republished = current.publishedAt !== null;
    await db
      .updateTable('posts')
      .set({
        status: 'published',
        publish_at: null,
        published_at: current.publishedAt ?? now,
        modified_at: republished ? now : null,
        updated_at: now,
        version: current.version + 1,
      })
      .where('id', '=', id)
      .execute();
  }
  return getPost(db, id);
}

export async function unpublishPost(db: Db, id: string, now = Date.now()): Promise<PostRecord | null> {
  const current = await getPost(db, id);
  if (!current) return null;
  // A scheduled post that is called back goes back to being a draft; a published one's address answers 410.
  const status: PostStatus = current.status === 'published' ? 'unpublished' : 'draft';
  await db
    .updateTable('posts')
    .set({ status, publish_at: null, updated_at: now, version: current.version + 1 })
    .where('id', '=', id)
    .execute();
  return getPost(db, id);
}

/** Deletes a draft that was never published (a published address must stay known, to answer 410). */
export async function deleteDraft(db: Db, id: string): Promise<'deleted' | 'not-found' | 'not-draft'> {
  const current = await getPost(db, id);
  if (!current) return 'not-found';
  if (current.status !== 'draft' || current.publishedAt !== null) return 'not-draft';
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('post_versions').where('post_id', '=', id).execute();
    await trx.deleteFrom('posts').where('id', '=', id).execute();
  });
  return 'deleted';
}

export interface PostVersion {
  version: number;
  savedAt: number;
  fields: PostFields;
}

export async function postVersions(db: Db, id: string): Promise<PostVersion[]> {
  const rows = await db.selectFrom('post_versions').selectAll().where('post_id', '=', id).orderBy('version', 'desc').limit(20).execute();
  return rows.map((row) => ({ version: row.version, savedAt: row.saved_at, fields: JSON.parse(row.snapshot) as PostFields }));
}

/** Restores an earlier version's fields, as a new save (so the restore itself can be undone). */
export async function restoreVersion(
  db: Db,
  id: string,
  version: number,
  baseVersion: number,
  reserved: ReadonlySet<string>,
  now = Date.now(),
): Promise<SaveResult | null> {
  const row = await db.selectFrom('post_versions').select('snapshot').where('post_id', '=', id).where('version', '=', version).executeTakeFirst();
  if (!row) return null;
  return savePost(db, id, baseVersion, JSON.parse(row.snapshot) as PostFields, reserved, now);
}

/** Publishes the scheduled posts whose time has come; returns them (their addresses are then submitted). */
export async function publishDue(db: Db, now = Date.now()): Promise<PostRecord[]> {
  const due = await db.selectFrom('posts').select(['id', 'version']).where('status', '=', 'scheduled').where('publish_at', '<=', now).execute();
  const published: PostRecord[] = [];
  for (const post of due) {
    // Conditional on the version, so two processes running the scheduler publish a post once.
    const result = await db
      .updateTable('posts')
      .set((eb) => ({
        status: 'published',
        published_at: eb.fn.coalesce('published_at', 'publish_at'),
        publish_at: null,
        updated_at: now,
        version: post.version + 1,
      }))
      .where('id', '=', post.id)
      .where('version', '=', post.version)
      .where('status', '=', 'scheduled')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) published.push((await getPost(db, post.id))!);
  }
  return published;
}

/** Each admin post's title by its slug (drafts too: a post's views may come before or after its time live). */
export async function postTitlesBySlug(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('posts').select(['slug', 'title']).execute();
  return new Map(rows.map((row) => [row.slug, row.title]));
}

/** When a post was published, last changed and each version saved (the Search view marks those days on its page). */
export async function postChangeTimes(db: Db, slug: string): Promise<number[] | null> {
  const post = await db.selectFrom('posts').select(['id', 'published_at', 'modified_at']).where('slug', '=', slug).executeTakeFirst();
  if (!post) return null;
  const versions = await db.selectFrom('post_versions').select('saved_at').where('post_id', '=', post.id).execute();
  return [post.published_at, post.modified_at, ...versions.map((v) => v.saved_at)].filter((at) => at !== null).map(Number);
}
