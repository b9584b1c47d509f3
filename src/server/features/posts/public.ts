/** What the public site shows of admin posts: the page's data, the blog's list, the sitemap's and the feed's entries. */
import { coverFormats, coverWidths, postPaths } from '~/config/posts';
import type { Db } from '../../db';
import { errorField, log } from '../../platform/log.mjs';
import { postBySlug, publishedPosts, type PostRecord } from './store';

export interface PublicPostLink {
  path: string;
  title: string;
  description: string;
  published: Date;
  updated: Date;
  keywords: string[];
}

const toLink = (post: PostRecord, path: (slug: string) => string): PublicPostLink => ({
  path: path(post.slug),
  title: post.title,
  description: post.description,
  published: new Date(post.publishedAt ?? post.updatedAt),
  updated: new Date(post.modifiedAt ?? post.publishedAt ?? post.updatedAt),
  keywords: post.keywords,
});

/** The published posts last read from each database (without their bodies), for when it does not answer. */
const lastPublished = new WeakMap<Db, PostRecord[]>();
let fallbacks = 0;

/** How many times the posts last read stood in for a failed read: a page made meanwhile is not kept as current. */
export const postReadFallbacks = () => fallbacks;

/**
 * The live admin posts, read from the database on every call. A database that does not answer does not fail the blog,
 * the sitemap or the feed: they get the posts this process last read (logged), or none if it has read none yet.
 */
export async function livePostLinks(db: Db, path: (slug: string) => string): Promise<PublicPostLink[]> {
  let posts: PostRecord[];
  try {
    posts = await publishedPosts(db);
    lastPublished.set(
      db,
      posts.map((post) => ({ ...post, body: '' })),
    );
  } catch (error) {
    posts = lastPublished.get(db) ?? [];
    fallbacks++;
    log.error(errorField(error), `[posts] could not read the published posts: showing the ${posts.length} last read`);
  }
  return posts.map((post) => toLink(post, path));
}

export type PostLookup = { kind: 'live'; post: PostRecord; link: PublicPostLink } | { kind: 'gone' } | { kind: 'none' };

/** A public address's post: live, gone (it was published, then unpublished: 410) or none (404). */
export async function publicPost(db: Db, slug: string, path: (slug: string) => string): Promise<PostLookup> {
  const post = await postBySlug(db, slug);
  if (post?.status === 'published') return { kind: 'live', post, link: toLink(post, path) };
  if (post && post.publishedAt !== null) return { kind: 'gone' };
  return { kind: 'none' };
}

/** The cover's sources as the page's <picture> uses them. */
export async function coverSources(db: Db, coverId: string, alt: string) {
  const rows = await db.selectFrom('post_images').select(['width', 'height', 'format']).where('id', '=', coverId).execute();
  if (rows.length === 0) return undefined;
  const set = (format: (typeof coverFormats)[number]) =>
    rows
      .filter((r) => r.format === format)
      .sort((a, b) => a.width - b.width)
      .map((r) => `${postPaths.cover(coverId, r.width, format)} ${r.width}w`)
      .join(', ');
  const largest = rows.filter((r) => r.format === 'webp').sort((a, b) => b.width - a.width)[0] ?? rows[0]!;
  const middle = rows.find((r) => r.format === 'webp' && r.width === coverWidths[1]) ?? largest;
  return { avif: set('avif'), webp: set('webp'), src: postPaths.cover(coverId, middle.width, 'webp'), width: largest.width, height: largest.height, alt };
}

/**
 * What a blog page rendered on demand depends on, as a short token (null: nothing to cache, such as an unknown
 * address): one cheap query per request decides whether the page rendered before is still right, so a change made by
 * any server process shows at once and an unchanged page is not rendered again.
 */
export async function blogPageToken(db: Db, pathname: string, now = new Date()): Promise<string | null> {
  // The footer's year is part of every page.
  const year = now.getFullYear();
  if (pathname === '/blog') {
    const row = await db
      .selectFrom('posts')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('count'),
        eb.fn.max('updated_at').as('latest'),
        eb.fn.sum<number | string>('version').as('versions'),
      ])
      .where('status', '=', 'published')
      .executeTakeFirst();
    return `${row?.count ?? 0}:${row?.latest ?? 0}:${row?.versions ?? 0}:${year}`;
  }
  const slug = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(pathname)?.[1];
  if (!slug) return null;
  const row = await db.selectFrom('posts').select(['id', 'status', 'version', 'published_at']).where('slug', '=', slug).executeTakeFirst();
  if (!row || (row.status !== 'published' && row.published_at === null)) return null;
  return `${row.id}:${row.status}:${row.version}:${year}`;
}
