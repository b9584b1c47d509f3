// The SEO site checker: crawls one site from its sitemap and home page, following internal links (same host only,
// robots.txt respected), bounded in pages, concurrency, time and size per request; then reports, page by page, what
// keeps it from ranking (src/lib/sitecheck-rules.mjs). Used by the admin's Testing tab and by `npm run site:check`.
// Plain JavaScript (typed with JSDoc) so the command line runs it without the bundle.
import http from 'node:http';
import https from 'node:https';
import PQueue from 'p-queue';
import robotsParser from 'robots-parser';
import { canonicalOriginText, checkBounds, checkDefaults, rules } from '../../../lib/sitecheck-rules.mjs';
import { parseSitemap } from '../../platform/sitemap.mjs';
import { publicOnly } from './address-guard.mjs';
import { Cancelled, follow, request } from './fetch.mjs';
import { analysePage } from './page.mjs';
import { resolve, shortAddress, SiteCheckError, startUrlFrom } from './urls.mjs';
import { plural, pluralWord } from '../../../lib/plural.mjs';

export { analysePage, checkDefaults, SiteCheckError, startUrlFrom };

/** Images without alt named in one finding; past these it says how many more. */
const imagesNamed = 5;

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
    addressPolicy: given.addressPolicy ?? publicOnly,
  };
  const signal = given.signal ?? new AbortController().signal;
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: options.concurrency }),
    https: new https.Agent({ keepAlive: true, maxSockets: options.concurrency }),
  };
  try {
    return await crawl(start, options, signal, agents, given.onProgress);
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
    findings.push({ url, rule, severity: rules[rule].severity, message, fix: rules[rule].fix, key: `${rule}|${url ?? ''}|${subject}` });
  };

  // The start must answer at all; otherwise there is nothing to check, and the owner is told why.
  const first = await follow(start.href, { ...how, body: false });
  if ('refused' in first && first.refused) throw new SiteCheckError(`${first.error}.`);
  if (first.error) throw new SiteCheckError(`${origin} could not be reached: ${first.error}.`);

  const robotsAnswer = await request(`${origin}/robots.txt`, how);
  const robotsFound = robotsAnswer.status === 200 && robotsAnswer.text !== null;
  if (!robotsFound) report(null, 'robots-missing', `${origin}/robots.txt answered ${robotsAnswer.status ?? robotsAnswer.error}.`);
  const robots = robotsParser(`${origin}/robots.txt`, robotsFound ? /** @type {string} */ (robotsAnswer.text) : '');
  const allowed = (/** @type {string} */ url) => robots.isAllowed(url, options.userAgent) !== false;

  // The sitemap: named in robots.txt, or the usual address. An index's sitemaps are read too (ten at most).
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
  // A copy of a site (staging, or the build on loopback) lists its public address in the sitemap and canonicals:
  // when every sitemap URL is on one other origin, that origin is read as this site's.
  const sitemapOrigins = new Set([...inSitemap].map((url) => new URL(url).origin));
  const alias = sitemapOrigins.size === 1 && !sitemapOrigins.has(origin) ? [...sitemapOrigins][0] : null;
  if (alias) {
    const rewritten = [...inSitemap].map((url) => origin + url.slice(/** @type {string} */ (alias).length));
    inSitemap.clear();
    rewritten.forEach((url) => inSitemap.add(url));
  }
  const onThisSite = (/** @type {string} */ url) => (alias && url.startsWith(alias) ? origin + url.slice(alias.length) : url);

  /** @type {Map<string, PageReport>} */
  const pages = new Map();
  const queued = new Set();
  const pagesToVisit = workPool(
    (url) => visit(url),
    'pages',
    () => queued.size,
  );
  let pageCapReached = false;
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
  /** Pages whose canonical names another page of the site: search engines fold them into that page. */
  const canonicalElsewhere = new Set();
  /** The origins named by canonical links that point to the same page on another site. */
  /** @type {string[]} */
  const samePageElsewhere = [];
  let done = 0;
  const progress = (/** @type {'pages' | 'links'} */ phase, /** @type {number} */ total) => onProgress?.({ phase, done, total });

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
    const answer = await follow(url, how);
    page.status = answer.status;
    page.redirects = answer.chain;
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
    const seen = analysePage(answer.text, answer.finalUrl);
    Object.assign(page, {
      title: seen.title,
      description: seen.description,
      canonical: seen.canonical,
      jsonLdTypes: seen.jsonLdTypes,
      noindex: seen.noindex || /\bnoindex\b/i.test(answer.robotsHeader),
      htmlBytes: answer.bytes,
    });
    if (!seen.title) report(url, 'title-missing', 'The page has no title.');
    else if ([...seen.title].length > checkBounds.titleMax)
      report(url, 'title-too-long', `The title has ${plural([...seen.title].length, 'character')}: "${seen.title}".`);
    if (!seen.description) report(url, 'description-missing', 'The page has no meta description.');
    else {
      const length = [...seen.description].length;
      if (length < checkBounds.descriptionMin || length > checkBounds.descriptionMax)
        report(url, 'description-length', `The meta description has ${plural(length, 'character')}.`);
    }
    if (seen.canonical === null) report(url, 'canonical-missing', 'The page has no canonical link.');
    else {
      const absolute = /^https?:\/\//i.test(seen.canonical) ? resolve(seen.canonical, url) : null;
      const target = absolute ? onThisSite(absolute) : null;
      if (!target) report(url, 'canonical-invalid', `The canonical link "${seen.canonical}" is not an absolute http(s) address.`);
      else if (!sameSite(target)) {
        report(url, 'canonical-invalid', `The canonical link points to another site: ${target}.`);
        if (new URL(target).pathname === new URL(url).pathname) samePageElsewhere.push(new URL(target).origin);
      } else if (target !== answer.finalUrl) {
        report(url, 'canonical-other-page', `The canonical link names ${target}.`);
        canonicalElsewhere.add(url);
      }
    }
    const h1s = seen.headings.filter((level) => level === 1).length;
    if (h1s === 0) report(url, 'h1-missing', 'The page has no h1.');
    else if (h1s > 1) report(url, 'h1-multiple', `The page has ${h1s} h1 headings.`);
    for (let i = 1, last = seen.headings[0] ?? 1; i < seen.headings.length; last = seen.headings[i] ?? last, i++) {
      const level = /** @type {number} */ (seen.headings[i]);
      if (level > last + 1) {
        report(url, 'heading-skip', `An h${level} follows an h${last}.`);
        break;
      }
    }
    if (seen.imagesWithoutAlt.length > 0) {
      // Which images, so the owner can find them: each by its address, the first few, then how many more.
      const images = [...new Set(seen.imagesWithoutAlt.map((src) => shortAddress(src, url)))];
      const named = images.slice(0, imagesNamed).join(', ') + (images.length > imagesNamed ? ` and ${images.length - imagesNamed} more` : '');
      const count = seen.imagesWithoutAlt.length;
      report(url, 'img-alt-missing', `${count} ${pluralWord(count, 'image has', 'images have')} no alt attribute: ${named}.`);
    }
    seen.jsonLdErrors.forEach((message, index) => report(url, 'jsonld-invalid', `A JSON-LD block does not parse: ${message}.`, String(index)));
    if (page.noindex && page.inSitemap) report(url, 'noindex-in-sitemap', 'The page is marked noindex but listed in the sitemap.');
    seen.insecure.forEach((resource) => report(url, 'mixed-content', `Loads ${resource} over http.`, resource));
    if (answer.bytes > checkBounds.htmlWarnBytes) report(url, 'html-heavy', `The HTML is ${Math.round(answer.bytes / 1024)} KB.`);
    if (seen.parseErrors > 0) report(url, 'html-invalid', `The HTML parser found ${plural(seen.parseErrors, 'error')}.`);
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

  /**
   * Runs `work` on each item added, `options.concurrency` at once; items added while it runs (links found on a page)
   * are run too. The first failure, or a cancel, stops it: what still waits is dropped and the failure thrown.
   * @param {(item: string) => Promise<void>} work @param {'pages' | 'links'} phase @param {() => number} total
   */
  function workPool(work, phase, total) {
    const queue = new PQueue({ concurrency: options.concurrency, autoStart: false });
    /** @type {unknown} */
    let failure = null;
    const stop = (/** @type {unknown} */ error) => {
      failure ??= error;
      queue.clear();
    };
    return {
      /** @param {string} item */
      add(item) {
        void queue.add(async () => {
          if (failure) return;
          if (signal.aborted) return stop(new Cancelled());
          try {
            await work(item);
          } catch (error) {
            stop(error);
          } finally {
            done++;
            progress(phase, total());
          }
        });
      },
      async run() {
        queue.start();
        await queue.onIdle();
        if (failure) throw failure;
      },
    };
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
    const totalChecks = targets.length;
    const links = workPool(
      async (url) => {
        const isScript = assetsUsed.get(url)?.kind === 'script';
        let answer = await follow(url, { ...how, method: isScript ? 'GET' : 'HEAD', body: isScript });
        if (answer.status === 405 || answer.status === 501) answer = await follow(url, { ...how, body: false });
        checked.set(url, { status: answer.loop ? 310 : answer.status, error: answer.error, bytes: answer.bytes });
      },
      'links',
      () => totalChecks,
    );
    targets.forEach((url) => links.add(url));
    await links.run();
    const statusOf = (/** @type {string} */ url) => {
      const page = pages.get(url);
      // A crawled page that could not be loaded is already reported on itself.
      if (page && page.skipped === null) return page.status === null ? null : { status: page.status, error: null };
      return checked.get(url) ?? null;
    };
    for (const [target, from] of linksTo) {
      const state = statusOf(target);
      if (!state || (state.error === null && state.status !== null && state.status < 400)) continue;
      for (const source of from) report(source, 'broken-link', `Links to ${target} (${state.error ?? state.status}).`, target);
    }
    for (const [asset, use] of assetsUsed) {
      const state = checked.get(asset);
      if (!state) continue;
      if (state.error !== null || (state.status !== null && state.status >= 400)) {
        for (const page of use.pages) report(page, 'broken-asset', `${asset} (${state.error ?? state.status}).`, asset);
      } else if (use.kind === 'script') {
        for (const page of use.pages) {
          const pageReport = pages.get(page);
          if (pageReport) pageReport.scriptBytes += state.bytes;
        }
      }
    }
    for (const [url, { inline }] of scriptsOfPage) {
      const page = /** @type {PageReport} */ (pages.get(url));
      page.scriptBytes += inline;
      if (page.scriptBytes > checkBounds.scriptWarnBytes)
        report(url, 'script-heavy', `The page loads ${Math.round(page.scriptBytes / 1024)} KB of JavaScript.`);
    }
  } catch (error) {
    if (!(error instanceof Cancelled)) throw error;
    cancelled = true;
  }

  // Site-wide: duplicates (once per repeated text) and sitemap pages nothing links to. A page that names another as
  // its canonical (a form's /contact?type=call naming /contact) is that page to a search engine, so it shares its
  // title and description by design and is left out of the duplicates.
  const analysed = [...pages.values()].filter(
    (page) => page.skipped === null && page.status !== null && page.status < 400 && !canonicalElsewhere.has(page.url),
  );
  for (const [field, rule] of /** @type {const} */ ([
    ['title', 'title-duplicate'],
    ['description', 'description-duplicate'],
  ])) {
    /** @type {Map<string, string[]>} */
    const byText = new Map();
    for (const page of analysed) {
      const text = page[field];
      if (text) byText.set(text, [...(byText.get(text) ?? []), page.url]);
    }
    for (const [text, urls] of byText) {
      if (urls.length > 1) report(null, rule, `"${text}" is used by ${plural(urls.length, 'page')}: ${urls.join(', ')}.`, text);
    }
  }
  if (!cancelled && !pageCapReached) {
    for (const url of inSitemap) {
      const page = pages.get(url);
      if (url === start.href || !sameSite(url) || linksTo.has(url) || !page || page.status === null || page.status >= 400) continue;
      report(url, 'orphan-page', 'The page is in the sitemap, but no page of the site links to it.');
    }
  }

  // Every page naming itself on one other origin is one cause, not many broken pages: the pages were made for that
  // address and are served at this one. Said once, with the likely cause, beside the pages' own findings.
  const elsewhere = new Set(samePageElsewhere);
  if (samePageElsewhere.length > 1 && elsewhere.size === 1) {
    const [other] = elsewhere;
    report(null, 'canonical-invalid', canonicalOriginText(samePageElsewhere.length, /** @type {string} */ (other), origin), 'site-wide');
  }

  const flagged = new Set(findings.filter((f) => f.url !== null && f.severity !== 'notice').map((f) => f.url));
  const count = (/** @type {Severity} */ severity) => findings.filter((f) => f.severity === severity).length;
  return {
    startUrl: start.href,
    origin,
    startedAt,
    finishedAt: Date.now(),
    cancelled,
    pageCapReached,
    pages: [...pages.values()],
    findings,
    summary: {
      pages: pages.size,
      errors: count('error'),
      warnings: count('warning'),
      notices: count('notice'),
      passed: [...pages.values()].filter((page) => page.skipped === null && !flagged.has(page.url)).length,
    },
  };
}
