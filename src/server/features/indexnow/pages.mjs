// The pages IndexNow knows of: the build's sitemap, and a hash of what each page says, so only real changes are sent.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseSitemap } from '../../platform/sitemap.mjs';
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
 * The built file behind a URL path of the site, or null when it is not inside the build.
 * @param {string} clientDir @param {string} pathname
 */
async function readBuiltPage(clientDir, pathname) {
  const decoded = decodeURIComponent(pathname);
  const candidates = decoded === '/' ? ['index.html'] : [`${decoded}/index.html`, `${decoded}.html`, decoded];
  for (const candidate of candidates) {
    const file = path.join(clientDir, candidate);
    if (!file.startsWith(clientDir + path.sep)) continue;
    try {
      return await readFile(file, 'utf8');
    } catch {
      // try the next form
    }
  }
  return null;
}

/** The build's sitemap of its own pages (src/pages/sitemap-pages.xml.ts); /sitemap.xml, with admin posts, is on demand. */
export const builtSitemapFile = 'sitemap-pages.xml';

/**
 * The URL paths the build's sitemap lists: the pages of the site.
 * @param {string} clientDir
 * @returns {Promise<string[]>}
 */
export async function sitemapPaths(clientDir) {
  const root = path.resolve(clientDir);
  const sitemap = await readFile(path.join(root, builtSitemapFile), 'utf8');
  const read = parseSitemap(sitemap);
  let locs = read.locations;
  // A sitemap index: the URLs are in the sitemaps it lists, which are files of this build.
  if (read.kind === 'sitemapindex') {
    const nested = await Promise.all(locs.map(async (loc) => parseSitemap((await readBuiltPage(root, new URL(loc).pathname)) ?? '').locations));
    locs = nested.flat();
  }
  return locs.map((loc) => new URL(loc).pathname);
}

/**
 * Each sitemap URL of the build, on the site's origin, with the hash of its main content.
 * @param {string} clientDir @param {string} siteUrl
 * @returns {Promise<Map<string, string>>}
 */
export async function builtPages(clientDir, siteUrl) {
  const root = path.resolve(clientDir);
  /** @type {Map<string, string>} */
  const pages = new Map();
  for (const pathname of await sitemapPaths(root)) {
    const html = await readBuiltPage(root, pathname);
    if (html === null) {
      log.warn(`[indexnow] ${pathname} is in the sitemap but not in the build; left out.`);
      continue;
    }
    pages.set(siteUrl + pathname, pageContentHash(html));
  }
  return pages;
}
