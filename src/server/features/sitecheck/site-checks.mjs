// @ts-check
// The site checker's findings about the site as a whole, once its pages are read: broken links and assets, the
// JavaScript each page loads, titles and descriptions used twice, sitemap pages nothing links to, and canonicals that
// all name one other address; then the report's summary.
import { canonicalOriginText, checkBounds } from '../../../lib/sitecheck-rules.mjs';
import { plural } from '../../../lib/plural.mjs';

/** @typedef {import('./checker.mjs').PageReport} PageReport */
/** @typedef {import('./checker.mjs').Finding} Finding */
/** @typedef {import('../../../lib/sitecheck-rules.mjs').Severity} Severity */
/** @typedef {import('./page-checks.mjs').SiteView['report']} Report */
/** @typedef {{ status: number | null, error: string | null, bytes: number }} Checked */

/**
 * Links that lead nowhere, assets that do not load, and pages that load too much JavaScript.
 * @param {{ pages: Map<string, PageReport>, checked: Map<string, Checked>, linksTo: Map<string, Set<string>>,
 *   assetsUsed: Map<string, { kind: string, pages: Set<string> }>, scriptsOfPage: Map<string, { page: string, inline: number }> }} crawl
 * @param {Report} report
 */
export function reportLinksAndAssets({ pages, checked, linksTo, assetsUsed, scriptsOfPage }, report) {
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
    if (page.scriptBytes > checkBounds.scriptWarnBytes) report(url, 'script-heavy', `The page loads ${Math.round(page.scriptBytes / 1024)} KB of JavaScript.`);
  }
}

/**
 * Duplicates, once per repeated text. A page that names another as its canonical (a form's /contact?type=call naming
 * /contact) is that page to a search engine, so it shares its title and description by design and is left out.
 * @param {Iterable<PageReport>} pages @param {Set<string>} canonicalElsewhere @param {Report} report
 */
export function reportDuplicates(pages, canonicalElsewhere, report) {
  const analysed = [...pages].filter((page) => page.skipped === null && page.status !== null && page.status < 400 && !canonicalElsewhere.has(page.url));
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
}

/**
 * Sitemap pages that answer but that no page of the site links to (the start page aside).
 * @param {{ inSitemap: Set<string>, pages: Map<string, PageReport>, linksTo: Map<string, Set<string>>, start: string,
 *   sameSite: (url: string) => boolean }} crawl
 * @param {Report} report
 */
export function reportOrphans({ inSitemap, pages, linksTo, start, sameSite }, report) {
  for (const url of inSitemap) {
    const page = pages.get(url);
    if (url === start || !sameSite(url) || linksTo.has(url) || !page || page.status === null || page.status >= 400) continue;
    report(url, 'orphan-page', 'The page is in the sitemap, but no page of the site links to it.');
  }
}

/**
 * Every page naming itself on one other origin is one cause, not many broken pages: the pages were made for that
 * address and are served at this one. Said once, with the likely cause, beside the pages' own findings.
 * @param {string[]} samePageElsewhere @param {string} origin @param {Report} report
 */
export function reportCanonicalOrigin(samePageElsewhere, origin, report) {
  const elsewhere = new Set(samePageElsewhere);
  if (samePageElsewhere.length > 1 && elsewhere.size === 1) {
    const [other] = elsewhere;
    report(null, 'canonical-invalid', canonicalOriginText(samePageElsewhere.length, /** @type {string} */ (other), origin), 'site-wide');
  }
}

/**
 * The report's counts: pages, findings by severity, and pages read with nothing above a notice.
 * @param {PageReport[]} pages @param {Finding[]} findings
 */
export function summarise(pages, findings) {
  const flagged = new Set(findings.filter((f) => f.url !== null && f.severity !== 'notice').map((f) => f.url));
  const count = (/** @type {Severity} */ severity) => findings.filter((f) => f.severity === severity).length;
  return {
    pages: pages.length,
    errors: count('error'),
    warnings: count('warning'),
    notices: count('notice'),
    passed: pages.filter((page) => page.skipped === null && !flagged.has(page.url)).length,
  };
}
