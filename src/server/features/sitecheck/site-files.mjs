// @ts-check
// What the site checker reads before the pages: robots.txt (what it may fetch, and where the sitemap is) and the
// sitemap (the pages the site says it has, and the address it says it has them at). The one reader of both, for the
// checks of a whole site (the free audit, a watched site's crawl) and the availability check, within the budgets of
// checkDefaults: robots.txt read as far as search engines read it, each sitemap and the number of sitemaps and of
// addresses capped, and only this site's sitemaps fetched. Each budget hit is a finding that says so.
import http from 'node:http';
import https from 'node:https';
import robotsParser from 'robots-parser';
import { checkDefaults } from '../../../lib/sitecheck-rules.mjs';
import { plural } from '../../../lib/plural.mjs';
import { parseSitemap } from '../../platform/sitemap.mjs';
import { publicOnly } from './address-guard.mjs';
import { follow, request } from './fetch.mjs';
import { resolve } from './urls.mjs';

/** @typedef {Parameters<typeof request>[1]} RequestHow */
/** @typedef {(url: string | null, rule: import('../../../lib/sitecheck-rules.mjs').RuleId, message: string, subject?: string) => void} Report */
/** @typedef {Awaited<ReturnType<typeof readRobots>>} Robots */

const kb = (/** @type {number} */ bytes) => `${Math.round(bytes / 1024)} KB`;
const mb = (/** @type {number} */ bytes) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The site's robots.txt, read as robots-parser reads it (an empty one when there is none, which is reported), up to
 * the size search engines read; the rest is ignored, and that is reported.
 * @param {string} origin @param {RequestHow} how @param {Report} report
 */
export async function readRobots(origin, how, report) {
  const limit = how.options.robotsMaxBytes;
  const answer = await request(`${origin}/robots.txt`, { ...how, options: { ...how.options, maxBytes: limit }, truncate: true });
  const found = answer.status === 200 && answer.text !== null;
  if (!found) report(null, 'robots-missing', `${origin}/robots.txt answered ${answer.status ?? answer.error}.`);
  if (found && answer.truncated)
    report(null, 'robots-too-large', `${origin}/robots.txt is larger than the ${kb(limit)} search engines read; the rest was ignored.`);
  const text = found ? /** @type {string} */ (answer.text) : '';
  return { parser: robotsParser(`${origin}/robots.txt`, text), status: answer.status, error: answer.error, text, truncated: found && answer.truncated };
}

/**
 * The pages the sitemap lists, on this origin. The sitemap is the one robots.txt names, or the usual address; an
 * index's sitemaps on this site are read too (`nested`), as many as the budget allows. A copy of a site (staging, or
 * the build on loopback) lists its public address in the sitemap and canonicals: when every sitemap URL is on one
 * other origin, that origin is read as this site's (`onThisSite`).
 * @param {Robots} robots @param {string} origin @param {RequestHow} how @param {Report} report
 * @param {{ nested?: boolean }} [read] without `nested`, only the first sitemap is read (is it one at all?)
 */
export async function readSitemap(robots, origin, how, report, { nested = true } = {}) {
  const { options } = how;
  const sameSite = (/** @type {string} */ url) => new URL(url).origin === origin;
  const named = robots.parser
    .getSitemaps()
    .map((url) => resolve(url, origin))
    .filter((url) => url !== null && sameSite(url));
  const sitemapUrl = named[0] ?? `${origin}/sitemap.xml`;
  /** @type {Set<string>} */
  const inSitemap = new Set();
  const sitemapHow = { ...how, options: { ...options, maxBytes: Math.min(options.sitemapMaxBytes, options.maxBytes) } };
  /** One sitemap fetched and parsed (not parsed when it answered no XML, or too much of it). @param {string} url */
  const fetchSitemap = async (url) => {
    const answer = await follow(url, sitemapHow);
    if (answer.tooLarge)
      report(
        null,
        'sitemap-too-large',
        `${url} is larger than the ${mb(sitemapHow.options.maxBytes)} this check reads; the pages it lists were not read from it.`,
        url,
      );
    const parsed = answer.status === 200 && answer.text !== null ? parseSitemap(answer.text) : null;
    return { answer, parsed };
  };
  /** @param {string} url @param {string[]} locations */
  const take = (url, locations) => {
    if (locations.length > options.sitemapMaxUrls)
      report(
        null,
        'sitemap-too-large',
        `${url} lists ${plural(locations.length, 'address', 'addresses')}; only the first ${options.sitemapMaxUrls.toLocaleString('en-GB')} were read.`,
        `${url}|addresses`,
      );
    for (const loc of locations.slice(0, options.sitemapMaxUrls)) inSitemap.add(resolve(loc, origin) ?? loc);
  };

  const { answer: top, parsed } = await fetchSitemap(sitemapUrl);
  if (top.status === 404 || top.status === 410) report(null, 'sitemap-missing', `${sitemapUrl} answered ${top.status}.`);
  else if (top.tooLarge) {
    // Reported as too large; it answered, and what it holds was not read.
  } else if (parsed === null) report(null, 'sitemap-invalid', `${sitemapUrl} could not be read (${top.status ?? top.error}).`);
  else if (parsed.kind === 'sitemapindex') {
    if (nested) {
      const listed = parsed.locations.map((loc) => resolve(loc, origin)).filter((url) => url !== null);
      // Only this site's sitemaps are fetched, as with robots.txt's and the pages' links: an index must not make the
      // checker fetch addresses on any host it names.
      const elsewhere = listed.filter((url) => !sameSite(url));
      if (elsewhere.length > 0)
        report(
          null,
          'sitemap-elsewhere',
          `${plural(elsewhere.length, 'sitemap')} in the sitemap index ${elsewhere.length === 1 ? 'is' : 'are'} on another site (${elsewhere.slice(0, 3).join(', ')}${elsewhere.length > 3 ? ', …' : ''}); not read.`,
        );
      const own = listed.filter(sameSite);
      if (own.length > options.sitemapsMax)
        report(
          null,
          'sitemap-too-large',
          `The sitemap index lists ${plural(own.length, 'sitemap')}; only the first ${options.sitemapsMax} were read.`,
          `${sitemapUrl}|sitemaps`,
        );
      for (const url of own.slice(0, options.sitemapsMax)) {
        const { answer, parsed: listedSitemap } = await fetchSitemap(url);
        if (answer.tooLarge) continue;
        if (listedSitemap?.kind === 'urlset') take(url, listedSitemap.locations);
        else report(null, 'sitemap-invalid', `${url}, listed in the sitemap index, is not a sitemap.`, url);
      }
    }
  } else if (parsed.kind !== 'urlset' || parsed.locations.length === 0) {
    report(null, 'sitemap-invalid', `${sitemapUrl} is not a <urlset> with <loc> entries.`);
  } else take(sitemapUrl, parsed.locations);

  const sitemapOrigins = new Set([...inSitemap].map((url) => new URL(url).origin));
  const alias = sitemapOrigins.size === 1 && !sitemapOrigins.has(origin) ? [...sitemapOrigins][0] : null;
  if (alias) {
    const rewritten = [...inSitemap].map((url) => origin + url.slice(/** @type {string} */ (alias).length));
    inSitemap.clear();
    rewritten.forEach((url) => inSitemap.add(url));
  }
  const onThisSite = (/** @type {string} */ url) => (alias && url.startsWith(alias) ? origin + url.slice(alias.length) : url);
  return {
    inSitemap,
    onThisSite,
    sitemap: { url: sitemapUrl, status: top.status, error: top.error, kind: parsed?.kind ?? null, tooLarge: top.tooLarge },
  };
}

/**
 * @typedef {object} SiteFilesSeen what the availability check needs of robots.txt and the sitemap, as plain data (it
 *   crosses from the checker's process)
 * @property {{ status: number | null, error: string | null, blockedHome: boolean, excerpt: string, truncated: boolean }} robots
 * @property {{ url: string, status: number | null, error: string | null, kind: 'urlset' | 'sitemapindex' | null, tooLarge: boolean }} sitemap
 * @property {{ rule: string, message: string }[]} findings the budgets hit, and the rest the reading found
 */

/**
 * robots.txt and the first sitemap of `origin`: is the home page blocked to Googlebot, does the sitemap answer.
 * @param {string} origin
 * @param {Partial<Omit<import('./checker.mjs').CheckOptions, 'signal' | 'onProgress'>>} given
 * @returns {Promise<SiteFilesSeen>}
 */
export async function siteFilesSeen(origin, given) {
  const options = { ...checkDefaults, addressPolicy: publicOnly, ...given };
  const agents = { http: new http.Agent(), https: new https.Agent() };
  const how = { options, signal: new AbortController().signal, body: true, agents };
  /** @type {SiteFilesSeen['findings']} */
  const findings = [];
  const report = /** @type {Report} */ ((_url, rule, message) => findings.push({ rule, message }));
  try {
    const robots = await readRobots(origin, how, report);
    const { sitemap } = await readSitemap(robots, origin, how, report, { nested: false });
    return {
      robots: {
        status: robots.status,
        error: robots.error,
        blockedHome: robots.parser.isAllowed(`${origin}/`, 'Googlebot') === false,
        excerpt: robots.text.slice(0, 2000),
        truncated: robots.truncated,
      },
      sitemap,
      findings,
    };
  } finally {
    agents.http.destroy();
    agents.https.destroy();
  }
}
