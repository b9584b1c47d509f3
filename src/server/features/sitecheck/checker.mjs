// @ts-check
// The SEO site checker: crawls one site from its sitemap and home page, following internal links (same host only,
// robots.txt respected), bounded in pages, concurrency, time and size per request; then reports, page by page, what
// keeps it from ranking (src/lib/sitecheck-rules.mjs). Used by the admin's Testing tab and by `npm run site:check`.
// Plain JavaScript (typed with JSDoc) so the command line runs it without the bundle.
//
// This file is the run: what it reads first (site-files.mjs), the pages it visits, then the links and assets it checks
// (work-pool.mjs); what is found on a page is page-checks.mjs, about the site as a whole site-checks.mjs.
import http from 'node:http';
import https from 'node:https';
import { checkDefaults, rules } from '../../../lib/sitecheck-rules.mjs';
import { plural } from '../../../lib/plural.mjs';
import { publicOnly } from './address-guard.mjs';
import { Cancelled, follow } from './fetch.mjs';
import { analysePage } from './page.mjs';
import { checkPage } from './page-checks.mjs';
import { readRobots, readSitemap } from './site-files.mjs';
import { reportCanonicalOrigin, reportDuplicates, reportLinksAndAssets, reportOrphans, summarise } from './site-checks.mjs';
import { SiteCheckError, startUrlFrom } from './urls.mjs';
import { workPool } from './work-pool.mjs';

export { analysePage, checkDefaults, SiteCheckError, startUrlFrom };

/** @typedef {import('./fetch.mjs').Agents} Agents */
/** @typedef {import('../../../lib/sitecheck-rules.mjs').Severity} Severity */
/** @typedef {import('../../../lib/sitecheck-rules.mjs').RuleId} RuleId */
/**
 * @typedef {object} Finding
 * @property {string | null} url the page, or null for the site as a whole
 * @property {RuleId} rule
 * @property {Severity} severity
 * @property {string} message
 * @property {string} fix
 * @property {string} key identifies the same problem from one run to the next
 */
/**
 * @typedef {object} PageReport
 * @property {string} url
 * @property {number | null} status the final answer's status; null when there was none
 * @property {{ url: string, status: number }[]} redirects
 * @property {string | null} title
 * @property {string | null} description
 * @property {string | null} canonical
 * @property {string[]} jsonLdTypes
 * @property {boolean} noindex
 * @property {boolean} inSitemap
 * @property {number} htmlBytes
 * @property {number} scriptBytes
 * @property {string | null} skipped why the page was not fetched or not analysed
 */
/**
 * @typedef {object} CheckReport
 * @property {string} startUrl
 * @property {string} origin
 * @property {number} startedAt
 * @property {number} finishedAt
 * @property {boolean} cancelled
 * @property {boolean} pageCapReached
 * @property {PageReport[]} pages
 * @property {Finding[]} findings
 * @property {{ pages: number, errors: number, warnings: number, notices: number, passed: number }} summary
 */
/**
 * @typedef {object} CheckOptions
 * @property {number} [maxPages]
 * @property {number} [concurrency]
 * @property {number} [timeoutMs] per request, body included
 * @property {number} [maxBytes] per response
 * @property {number} [maxRedirects]
 * @property {string} [userAgent]
 * @property {number} [robotsMaxBytes] robots.txt is read up to this; the rest is ignored (and reported)
 * @property {number} [sitemapMaxBytes] a larger sitemap is not read (and reported)
 * @property {number} [sitemapMaxUrls] addresses taken from one sitemap
 * @property {number} [sitemapsMax] sitemaps read from a sitemap index
 * @property {number} [runMaxBytes] everything the run reads; past this no further page is read (and that is reported)
 * @property {import('./address-guard.mjs').AddressPolicy} [addressPolicy] which addresses may be fetched; public ones
 *   only unless told otherwise
 * @property {AbortSignal} [signal] cancels the run
 * @property {(progress: { phase: 'pages' | 'links', done: number, total: number }) => void} [onProgress]
 */

/**
 * Crawls the site at `input` and reports what keeps it from ranking.
 * @param {unknown} input the site's address
 * @param {CheckOptions} [given]
 * @returns {Promise<CheckReport>}
 */
export async function checkSite(input, given = {}) {
  const start = startUrlFrom(input);
  const options = {
    maxPages: given.maxPages ?? checkDefaults.maxPages,
    concurrency: given.concurrency ?? checkDefaults.concurrency,
    timeoutMs: given.timeoutMs ?? checkDefaults.timeoutMs,
    maxBytes: given.maxBytes ?? checkDefaults.maxBytes,
    maxRedirects: given.maxRedirects ?? checkDefaults.maxRedirects,
    userAgent: given.userAgent ?? checkDefaults.userAgent,
    robotsMaxBytes: given.robotsMaxBytes ?? checkDefaults.robotsMaxBytes,
    sitemapMaxBytes: given.sitemapMaxBytes ?? checkDefaults.sitemapMaxBytes,
    sitemapMaxUrls: given.sitemapMaxUrls ?? checkDefaults.sitemapMaxUrls,
    sitemapsMax: given.sitemapsMax ?? checkDefaults.sitemapsMax,
    runMaxBytes: given.runMaxBytes ?? checkDefaults.runMaxBytes,
    addressPolicy: given.addressPolicy ?? publicOnly,
  };
  const signal = given.signal ?? new AbortController().signal;
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: options.concurrency }),
    https: new https.Agent({ keepAlive: true, maxSockets: options.concurrency }),
  };
  const startedAt = Date.now();
  try {
    return await crawl(start, options, signal, agents, given.onProgress);
  } catch (error) {
    // Ended before any page was read (the start page, robots.txt or the sitemap still on its way): a report of nothing,
    // said to be cancelled, as a run ended among its pages is.
    if (!(error instanceof Cancelled)) throw error;
    return {
      startUrl: start.href,
      origin: start.origin,
      startedAt,
      finishedAt: Date.now(),
      cancelled: true,
      pageCapReached: false,
      pages: [],
      findings: [],
      summary: summarise([], []),
    };
  } finally {
    agents.http.destroy();
    agents.https.destroy();
  }
}

/**
 * @param {URL} start @param {Required<Omit<CheckOptions, 'signal' | 'onProgress'>>} options @param {AbortSignal} signal
 * @param {Agents} agents @param {CheckOptions['onProgress']} onProgress
 * @returns {Promise<CheckReport>}
 */
async function crawl(start, options, signal, agents, onProgress) {
  const how = { options, signal, body: true, agents };
  // One budget for the pages and scripts the run reads (robots.txt and sitemaps have caps of their own).
  const pageHow = { ...how, budget: { spent: 0, max: options.runMaxBytes } };
  const origin = start.origin;
  const startedAt = Date.now();
  const sameSite = (/** @type {string} */ url) => new URL(url).origin === origin;

  /** @type {Finding[]} */
  const findings = [];
  /**
   * @param {string | null} url @param {RuleId} rule @param {string} message @param {string} [subject] tells apart
   * several findings of one rule on one page
   */
  const report = (url, rule, message, subject = '') => {
    const { severity, fix } = /** @type {(typeof rules)[string]} */ (rules[rule]);
    findings.push({ url, rule, severity, message, fix, key: `${rule}|${url ?? ''}|${subject}` });
  };

  // The start must answer at all; otherwise there is nothing to check, and the owner is told why.
  const first = await follow(start.href, { ...how, body: false });
  if ('refused' in first && first.refused) throw new SiteCheckError(`${first.error}.`);
  if (first.error) throw new SiteCheckError(`${origin} could not be reached: ${first.error}.`);

  const robots = await readRobots(origin, how, report);
  const allowed = (/** @type {string} */ url) => robots.parser.isAllowed(url, options.userAgent) !== false;
  const { inSitemap, onThisSite } = await readSitemap(robots, origin, how, report);

  /** @type {Map<string, PageReport>} */
  const pages = new Map();
  const queued = new Set();
  let done = 0;
  const progress = (/** @type {'pages' | 'links'} */ phase, /** @type {number} */ total) => onProgress?.({ phase, done, total });
  const pagesToVisit = workPool((url) => visit(url), {
    concurrency: options.concurrency,
    signal,
    settled: () => {
      done++;
      progress('pages', queued.size);
    },
  });
  let pageCapReached = false;
  /** Pages not read because the run had read all its budget allows. */
  let overBudget = 0;
  const enqueue = (/** @type {string} */ url) => {
    if (queued.has(url) || !sameSite(url)) return;
    if (queued.size >= options.maxPages) {
      pageCapReached = true;
      return;
    }
    queued.add(url);
    pagesToVisit.add(url);
  };
  enqueue(start.href);
  [...inSitemap].filter(sameSite).forEach(enqueue);

  /** @type {Map<string, Set<string>>} target → pages linking to it */
  const linksTo = new Map();
  /** @type {Map<string, { kind: string, pages: Set<string> }>} */
  const assetsUsed = new Map();
  /** @type {Map<string, { page: string, inline: number }>} */
  const scriptsOfPage = new Map();
  /** What the page rules note about the site: pages folded into another, and canonicals naming another origin. */
  const site = { report, sameSite, onThisSite, canonicalElsewhere: new Set(), samePageElsewhere: /** @type {string[]} */ ([]) };

  /** @param {string} url */
  async function visit(url) {
    /** @type {PageReport} */
    const page = {
      url,
      status: null,
      redirects: [],
      title: null,
      description: null,
      canonical: null,
      jsonLdTypes: [],
      noindex: false,
      inSitemap: inSitemap.has(url),
      htmlBytes: 0,
      scriptBytes: 0,
      skipped: null,
    };
    pages.set(url, page);
    if (!allowed(url)) {
      page.skipped = 'disallowed by robots.txt';
      return;
    }
    const answer = await follow(url, pageHow);
    page.status = answer.status;
    page.redirects = answer.chain;
    if (answer.overBudget) {
      page.skipped = 'not read: the check had read as much of the site as it reads in one run';
      overBudget++;
      return;
    }
    if (answer.error) return report(url, 'page-unreachable', `Could not load ${url}: ${answer.error}.`);
    if (answer.loop) return report(url, 'redirect-loop', `The page redirects in a loop (${answer.chain.map((hop) => hop.status).join(' → ')}).`);
    if (answer.chain.length > 1) report(url, 'redirect-chain', `The page takes ${plural(answer.chain.length, 'redirect')} to reach ${answer.finalUrl}.`);
    // A page only linked to is reported as a broken link on the pages linking to it, not twice.
    if (answer.status !== null && answer.status >= 400) {
      if (url === start.href || page.inSitemap)
        report(url, 'http-error', `The page answers ${answer.status}${page.inSitemap ? ' and is listed in the sitemap' : ''}.`);
      return;
    }
    if (answer.tooLarge) return report(url, 'too-large', `The page is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB; it was not read.`);
    if (!sameSite(answer.finalUrl)) {
      page.skipped = `redirects to another site (${answer.finalUrl})`;
      return;
    }
    // A redirect within the site: the page it lands on is checked under its own address.
    if (answer.finalUrl !== url) {
      page.skipped = `redirects to ${answer.finalUrl}`;
      enqueue(answer.finalUrl);
      return;
    }
    if (!/html/i.test(answer.contentType) || answer.text === null) {
      page.skipped = `not a page (${answer.contentType || 'no content type'})`;
      return;
    }
    // Parsing is the run's costly part: none is begun once the run is over (its deadline, say).
    if (signal.aborted) throw new Cancelled();
    const seen = analysePage(answer.text, answer.finalUrl);
    Object.assign(page, {
      title: seen.title,
      description: seen.description,
      canonical: seen.canonical,
      jsonLdTypes: seen.jsonLdTypes,
      noindex: seen.noindex || /\bnoindex\b/i.test(answer.robotsHeader),
      htmlBytes: answer.bytes,
    });
    checkPage(url, answer.finalUrl, seen, page, answer.bytes, site);
    scriptsOfPage.set(url, { page: url, inline: seen.inlineScriptBytes });
    for (const link of seen.links) {
      if (!sameSite(link) || link === answer.finalUrl) continue;
      if (!linksTo.has(link)) linksTo.set(link, new Set());
      /** @type {Set<string>} */ (linksTo.get(link)).add(url);
      enqueue(link);
    }
    for (const asset of seen.assets) {
      if (!sameSite(asset.url)) continue;
      if (!assetsUsed.has(asset.url)) assetsUsed.set(asset.url, { kind: asset.kind, pages: new Set() });
      /** @type {{ pages: Set<string> }} */ (assetsUsed.get(asset.url)).pages.add(url);
    }
  }

  let cancelled = false;
  try {
    progress('pages', queued.size);
    await pagesToVisit.run();

    // Links to pages that were not crawled (past the page cap) and every asset: one request each.
    /** @type {Map<string, { status: number | null, error: string | null, bytes: number }>} */
    const checked = new Map();
    const unknownTargets = [...linksTo.keys()].filter((url) => !pages.has(url));
    const targets = [...new Set([...unknownTargets, ...assetsUsed.keys()])].slice(0, options.maxPages * 10);
    done = 0;
    const links = workPool(
      async (url) => {
        const isScript = assetsUsed.get(url)?.kind === 'script';
        let answer = await follow(url, { ...pageHow, method: isScript ? 'GET' : 'HEAD', body: isScript });
        if (answer.status === 405 || answer.status === 501) answer = await follow(url, { ...pageHow, body: false });
        checked.set(url, { status: answer.loop ? 310 : answer.status, error: answer.error, bytes: answer.bytes });
      },
      {
        concurrency: options.concurrency,
        signal,
        settled: () => {
          done++;
          progress('links', targets.length);
        },
      },
    );
    targets.forEach((url) => links.add(url));
    await links.run();
    reportLinksAndAssets({ pages, checked, linksTo, assetsUsed, scriptsOfPage }, report);
  } catch (error) {
    if (!(error instanceof Cancelled)) throw error;
    cancelled = true;
  }

  if (overBudget > 0)
    report(
      null,
      'site-too-large',
      `The site's pages came to more than the ${Math.round(options.runMaxBytes / 1024 / 1024)} MB this check reads in one run, so ${plural(overBudget, 'page')} ${overBudget === 1 ? 'was' : 'were'} not read.`,
    );
  // Site-wide: duplicates, sitemap pages nothing links to (only when every page was read), one other origin named.
  reportDuplicates(pages.values(), site.canonicalElsewhere, report);
  if (!cancelled && !pageCapReached) reportOrphans({ inSitemap, pages, linksTo, start: start.href, sameSite }, report);
  reportCanonicalOrigin(site.samePageElsewhere, origin, report);

  return {
    startUrl: start.href,
    origin,
    startedAt,
    finishedAt: Date.now(),
    cancelled,
    pageCapReached,
    pages: [...pages.values()],
    findings,
    summary: summarise([...pages.values()], findings),
  };
}
