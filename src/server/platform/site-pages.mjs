// @ts-check
// The one list of the site's pages: what the build made (every HTML page it wrote, and every page its sitemap lists —
// the pages for search, the blog's index among them, which is rendered on demand) and the admin's published posts
// (read from the database: they change without a build). /sitemap.xml lists the build's sitemap with those posts;
// IndexNow submits the same; analytics counts a visit only on one of these pages; the post editor's link check knows
// every one. Plain JavaScript: the IndexNow command-line script reads it outside Astro's bundle.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { postPath } from '../../config/post-path.mjs';
import { builtPaths } from './http/page-path.mjs';
import { parseSitemap } from './sitemap.mjs';

/** The build's sitemap of the site's pages (src/pages/sitemap-pages.xml.ts); /sitemap.xml adds the admin's posts. */
export const builtSitemapFile = 'sitemap-pages.xml';

/**
 * The file of a URL path inside a build directory, in the forms a page is written in.
 * @param {string} root the build's directory, resolved @param {string} pathname
 * @returns {string[]}
 */
function candidateFiles(root, pathname) {
  const decoded = decodeURIComponent(pathname);
  const forms = decoded === '/' ? ['index.html'] : [`${decoded}/index.html`, `${decoded}.html`, decoded];
  return forms.map((form) => path.join(root, form)).filter((file) => file.startsWith(root + path.sep));
}

/**
 * The built file behind a URL path of the site, or null when it is not inside the build.
 * @param {string} clientDir @param {string} pathname
 * @returns {Promise<string | null>}
 */
export async function readBuiltPage(clientDir, pathname) {
  for (const file of candidateFiles(path.resolve(clientDir), pathname)) {
    try {
      return await readFile(file, 'utf8');
    } catch {
      // try the next form
    }
  }
  return null;
}

/**
 * The sitemap's locations as paths, a sitemap index followed into the sitemaps it lists (files of this build).
 * @param {string} xml @param {(pathname: string) => string | null} read
 */
function locationsOf(xml, read) {
  const parsed = parseSitemap(xml);
  const locations =
    parsed.kind === 'sitemapindex' ? parsed.locations.flatMap((loc) => parseSitemap(read(new URL(loc).pathname) ?? '').locations) : parsed.locations;
  return locations.map((loc) => new URL(loc).pathname);
}

/**
 * The built file behind a URL path, read at once (the lists below are read once per build).
 * @param {string} root @param {string} pathname
 * @returns {string | null}
 */
function readBuiltPageSync(root, pathname) {
  for (const file of candidateFiles(root, pathname)) {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      // try the next form
    }
  }
  return null;
}

/**
 * The URL paths the build's sitemap lists, in its order: the build's pages for search, the blog's index included.
 * Fails when the build has no sitemap.
 * @param {string} clientDir
 * @returns {Promise<string[]>}
 */
export async function sitemapPaths(clientDir) {
  const root = path.resolve(clientDir);
  const sitemap = await readFile(path.join(root, builtSitemapFile), 'utf8');
  return locationsOf(sitemap, (pathname) => readBuiltPageSync(root, pathname));
}

/** @type {Map<string, Set<string>>} */
const builds = new Map();

/**
 * Every page of the build: each HTML page it wrote (not the error page) and each page its sitemap lists (the blog's
 * index, rendered on demand). Read once per build directory: the build does not change while the server runs.
 * None without a build (`astro dev`).
 * @param {string} clientDir
 * @returns {ReadonlySet<string>}
 */
export function builtSitePages(clientDir) {
  const root = path.resolve(clientDir);
  const cached = builds.get(root);
  if (cached) return cached;
  if (!existsSync(root)) return new Set();
  const pages = new Set(builtPaths(root).flatMap((file) => (file.page ? [file.path] : [])));
  const sitemap = readBuiltPageSync(root, `/${builtSitemapFile}`);
  if (sitemap !== null) for (const page of locationsOf(sitemap, (pathname) => readBuiltPageSync(root, pathname))) pages.add(page);
  builds.set(root, pages);
  return pages;
}

/**
 * The admin's published posts: each one's path and when it last changed.
 * @param {import('kysely').Kysely<any>} db
 * @returns {Promise<{ slug: string, path: string, updatedAt: number }[]>}
 */
export async function livePosts(db) {
  const rows = await db.selectFrom('posts').select(['slug', 'updated_at']).where('status', '=', 'published').execute();
  return rows.map((row) => ({ slug: row.slug, path: postPath(row.slug), updatedAt: Number(row.updated_at) }));
}

/**
 * Every page of the site now: the build's (`builtSitePages`) and the admin's live posts.
 * @param {import('kysely').Kysely<any>} db @param {string} clientDir
 * @returns {Promise<Set<string>>}
 */
export async function sitePagePaths(db, clientDir) {
  return new Set([...builtSitePages(clientDir), ...(await livePosts(db)).map((post) => post.path)]);
}
