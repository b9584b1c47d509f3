// What the site checker reads before the pages: robots.txt (what it may fetch, and where the sitemap is) and the
// sitemap (the pages the site says it has, and the address it says it has them at).
import robotsParser from 'robots-parser';
import { parseSitemap } from '../../platform/sitemap.mjs';
import { follow, request } from './fetch.mjs';
import { resolve } from './urls.mjs';

/** @typedef {Parameters<typeof request>[1]} RequestHow */
/** @typedef {(url: string | null, rule: import('../../../lib/sitecheck-rules.mjs').RuleId, message: string, subject?: string) => void} Report */

/**
 * The site's robots.txt, read as robots-parser reads it (an empty one when there is none, which is reported).
 * @param {string} origin @param {RequestHow} how @param {Report} report
 */
export async function readRobots(origin, how, report) {
  const answer = await request(`${origin}/robots.txt`, how);
  const found = answer.status === 200 && answer.text !== null;
  if (!found) report(null, 'robots-missing', `${origin}/robots.txt answered ${answer.status ?? answer.error}.`);
  return robotsParser(`${origin}/robots.txt`, found ? /** @type {string} */ (answer.text) : '');
}

/**
 * The pages the sitemap lists, on this origin. The sitemap is the one robots.txt names, or the usual address; an
 * index's sitemaps are read too (ten at most). A copy of a site (staging, or the build on loopback) lists its public
 * address in the sitemap and canonicals: when every sitemap URL is on one other origin, that origin is read as this
 * site's (`onThisSite`).
 * @param {ReturnType<typeof robotsParser>} robots @param {string} origin @param {RequestHow} how @param {Report} report
 * @returns {Promise<{ inSitemap: Set<string>, onThisSite: (url: string) => string }>}
 */
export async function readSitemap(robots, origin, how, report) {
  const sameSite = (/** @type {string} */ url) => new URL(url).origin === origin;
  const named = robots.getSitemaps().filter((url) => resolve(url, origin) && sameSite(url));
  const sitemapUrl = named[0] ?? `${origin}/sitemap.xml`;
  /** @type {Set<string>} */
  const inSitemap = new Set();
  const sitemap = await follow(sitemapUrl, how);
  if (sitemap.status === 404 || sitemap.status === 410) report(null, 'sitemap-missing', `${sitemapUrl} answered ${sitemap.status}.`);
  else if (sitemap.text === null || sitemap.status !== 200)
    report(null, 'sitemap-invalid', `${sitemapUrl} could not be read (${sitemap.status ?? sitemap.error}).`);
  else {
    const read = parseSitemap(sitemap.text);
    if (read.kind === 'sitemapindex') {
      for (const nested of read.locations.slice(0, 10)) {
        const answer = await follow(nested, how);
        const listed = answer.text === null ? null : parseSitemap(answer.text);
        if (listed?.kind === 'urlset') listed.locations.forEach((loc) => inSitemap.add(resolve(loc, origin) ?? loc));
        else report(null, 'sitemap-invalid', `${nested}, listed in the sitemap index, is not a sitemap.`, nested);
      }
    } else if (read.kind !== 'urlset' || read.locations.length === 0) {
      report(null, 'sitemap-invalid', `${sitemapUrl} is not a <urlset> with <loc> entries.`);
    } else read.locations.forEach((loc) => inSitemap.add(resolve(loc, origin) ?? loc));
  }
  const sitemapOrigins = new Set([...inSitemap].map((url) => new URL(url).origin));
  const alias = sitemapOrigins.size === 1 && !sitemapOrigins.has(origin) ? [...sitemapOrigins][0] : null;
  if (alias) {
    const rewritten = [...inSitemap].map((url) => origin + url.slice(/** @type {string} */ (alias).length));
    inSitemap.clear();
    rewritten.forEach((url) => inSitemap.add(url));
  }
  const onThisSite = (/** @type {string} */ url) => (alias && url.startsWith(alias) ? origin + url.slice(alias.length) : url);
  return { inSitemap, onThisSite };
}
