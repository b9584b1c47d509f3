// @ts-check
// The site checker's rules for one page it could read: title, description, canonical, headings, images, JSON-LD,
// noindex, mixed content, size and markup (src/lib/sitecheck-rules.mjs says what each means and how to fix it).
import { checkBounds } from '../../../lib/sitecheck-rules.mjs';
import { plural, pluralWord } from '../../../lib/plural.mjs';
import { resolve, shortAddress } from './urls.mjs';

/** Images without alt named in one finding; past these it says how many more. */
const imagesNamed = 5;

/**
 * @typedef {object} SiteView what the page's rules need of the crawl
 * @property {(url: string | null, rule: import('../../../lib/sitecheck-rules.mjs').RuleId, message: string, subject?: string) => void} report
 * @property {(url: string) => boolean} sameSite
 * @property {(url: string) => string} onThisSite a URL on the origin the sitemap names, as on this one
 * @property {Set<string>} canonicalElsewhere pages whose canonical names another page of the site (noted here)
 * @property {string[]} samePageElsewhere origins named by canonicals of the same page on another site (noted here)
 */

/**
 * Reports what keeps one page from ranking, from what `analysePage` saw of it.
 * @param {string} url the page @param {string} finalUrl where it was read
 * @param {ReturnType<typeof import('./page.mjs').analysePage>} seen
 * @param {{ noindex: boolean, inSitemap: boolean }} page @param {number} bytes the HTML's size @param {SiteView} site
 */
export function checkPage(url, finalUrl, seen, page, bytes, site) {
  const { report } = site;
  if (!seen.title) report(url, 'title-missing', 'The page has no title.');
  else if ([...seen.title].length > checkBounds.titleMax)
    report(url, 'title-too-long', `The title has ${plural([...seen.title].length, 'character')}: "${seen.title}".`);
  if (!seen.description) report(url, 'description-missing', 'The page has no meta description.');
  else {
    const length = [...seen.description].length;
    if (length < checkBounds.descriptionMin || length > checkBounds.descriptionMax)
      report(url, 'description-length', `The meta description has ${plural(length, 'character')}.`);
  }
  checkCanonical(url, finalUrl, seen.canonical, site);
  checkHeadings(url, seen.headings, report);
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
  if (bytes > checkBounds.htmlWarnBytes) report(url, 'html-heavy', `The HTML is ${Math.round(bytes / 1024)} KB.`);
  if (seen.parseErrors > 0) report(url, 'html-invalid', `The HTML parser found ${plural(seen.parseErrors, 'error')}.`);
}

/**
 * The canonical link: present, absolute, on this site, and naming the page itself.
 * @param {string} url @param {string} finalUrl @param {string | null} canonical @param {SiteView} site
 */
function checkCanonical(url, finalUrl, canonical, { report, sameSite, onThisSite, canonicalElsewhere, samePageElsewhere }) {
  if (canonical === null) return report(url, 'canonical-missing', 'The page has no canonical link.');
  const absolute = /^https?:\/\//i.test(canonical) ? resolve(canonical, url) : null;
  const target = absolute ? onThisSite(absolute) : null;
  if (!target) report(url, 'canonical-invalid', `The canonical link "${canonical}" is not an absolute http(s) address.`);
  else if (!sameSite(target)) {
    report(url, 'canonical-invalid', `The canonical link points to another site: ${target}.`);
    if (new URL(target).pathname === new URL(url).pathname) samePageElsewhere.push(new URL(target).origin);
  } else if (target !== finalUrl) {
    report(url, 'canonical-other-page', `The canonical link names ${target}.`);
    canonicalElsewhere.add(url);
  }
}

/**
 * One h1, and no level skipped on the way down.
 * @param {string} url @param {number[]} headings their levels in order @param {SiteView['report']} report
 */
function checkHeadings(url, headings, report) {
  const h1s = headings.filter((level) => level === 1).length;
  if (h1s === 0) report(url, 'h1-missing', 'The page has no h1.');
  else if (h1s > 1) report(url, 'h1-multiple', `The page has ${h1s} h1 headings.`);
  for (let i = 1, last = headings[0] ?? 1; i < headings.length; last = headings[i] ?? last, i++) {
    const level = /** @type {number} */ (headings[i]);
    if (level > last + 1) {
      report(url, 'heading-skip', `An h${level} follows an h${last}.`);
      break;
    }
  }
}
