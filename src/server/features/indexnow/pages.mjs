// @ts-check
// The pages IndexNow knows of: every page of /sitemap.xml, from the one list of the site's pages
// (platform/site-pages.mjs: the build's sitemap, the blog's index rendered on demand, the admin's live posts), and a
// hash of what each page says, so only real changes are sent.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { livePosts, readBuiltPage, sitemapPaths } from '../../platform/site-pages.mjs';
import { log } from '../../platform/log.mjs';

/**
 * A hash of what a page says: its main element with scripts, styles and build-specific names (hashed asset file
 * names, scoped-style ids, island ids) taken out, so a rebuild that changes nothing a reader sees hashes the same.
 * @param {string} html
 */
export function pageContentHash(html) {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const normalised = main
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<style\b[\s\S]*?<\/style>/gi, '')
    .replace(/(\/_astro\/[\w-]+?)\.[\w-]{6,}(\.\w+)/g, '$1$2')
    .replace(/\sdata-astro-cid-[\w-]+(="[^"]*")?/g, '')
    .replace(/\s(uid|component-url|renderer-url|before-hydration-url)="[^"]*"/g, '')
    .replace(/\s+/g, ' ');
  return createHash('sha256').update(normalised).digest('hex');
}

/**
 * Each URL of the build's sitemap, on the site's origin, with the hash of its main content. A page rendered on demand
 * (the blog's index) has no file: its hash is that of the pages under it, which are what it lists.
 * @param {string} clientDir @param {string} siteUrl
 * @param {Map<string, string>} [adminPosts] the admin's live posts (`livePostHashes`), listed by the blog's index too
 * @returns {Promise<Map<string, string>>}
 */
export async function builtPages(clientDir, siteUrl, adminPosts = new Map()) {
  const root = path.resolve(clientDir);
  const sitemap = await sitemapPaths(root);
  /** @type {Map<string, string>} */
  const built = new Map();
  for (const pathname of sitemap) {
    const html = await readBuiltPage(root, pathname);
    if (html !== null) built.set(pathname, pageContentHash(html));
  }
  /** @type {Map<string, string>} in the sitemap's order */
  const pages = new Map();
  for (const pathname of sitemap) {
    const hash =
      built.get(pathname) ??
      indexHash(pathname, [...built].map(([page, pageHash]) => /** @type {[string, string]} */ ([siteUrl + page, pageHash])).concat([...adminPosts]), siteUrl);
    if (hash) pages.set(siteUrl + pathname, hash);
    else log.warn(`[indexnow] ${pathname} is in the sitemap but neither in the build nor an index of pages; left out.`);
  }
  return pages;
}

/**
 * The hash of a page rendered on demand that lists the pages under it (the blog's index): theirs, together.
 * @param {string} pathname @param {[string, string][]} pages URL and hash of each page @param {string} siteUrl
 * @returns {string | null} null when no page is under it
 */
function indexHash(pathname, pages, siteUrl) {
  const listed = pages.filter(([url]) => url.startsWith(`${siteUrl}${pathname}/`)).sort(([a], [b]) => (a < b ? -1 : 1));
  return listed.length === 0 ? null : createHash('sha256').update(JSON.stringify(listed)).digest('hex');
}

/**
 * The admin's live posts, each with a hash that changes whenever the post is saved, published or republished.
 * @param {import('kysely').Kysely<any>} db @param {string} siteUrl
 * @returns {Promise<Map<string, string>>}
 */
export async function livePostHashes(db, siteUrl) {
  return new Map((await livePosts(db)).map((post) => [siteUrl + post.path, createHash('sha256').update(`${post.slug} ${post.updatedAt}`).digest('hex')]));
}

/**
 * Every page of /sitemap.xml with the hash of what it says: the build's sitemap (the blog's index among them) and the
 * admin's live posts. The one list IndexNow compares with what it last submitted.
 * @param {import('kysely').Kysely<any>} db @param {string} clientDir @param {string} siteUrl
 */
export async function sitePages(db, clientDir, siteUrl) {
  const posts = await livePostHashes(db, siteUrl);
  return new Map([...(await builtPages(clientDir, siteUrl, posts)), ...posts]);
}
