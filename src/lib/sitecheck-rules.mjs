// @ts-check
// What the site checks look for: every rule with its severity and the one-line fix shown beside it. The checker,
// the admin's Testing tab, the command line and the tests all read them from here.
import { snippetLimits } from '../config/search-snippet.mjs';
import { plural } from './plural.mjs';

/** @typedef {'error' | 'warning' | 'notice'} Severity */

export const severities = /** @type {const} */ (['error', 'warning', 'notice']);

/** How far and how fast a run goes, unless told otherwise. */
export const checkDefaults = {
  maxPages: 200,
  concurrency: 4,
  timeoutMs: 10_000,
  /**
   * One answer (a page, a script) is read up to this; a larger page is not read. Google Search reads the first 2 MB of
   * a page's HTML (developers.google.com, "Googlebot"), and parsing a page costs about a second a megabyte.
   */
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
  userAgent: 'HaleDigitalSiteCheck/1.0 (SEO site checks; +https://www.hale-digital.example/)',
  // Budgets no small business's site meets, so a hostile one (issue 39: a 5 MB robots.txt, an index of ten 5 MB
  // sitemaps, 5 MB pages) costs a bounded amount; each one hit is a finding that says so.
  /** robots.txt is read up to this, as Google reads it (developers.google.com, "How Google interprets robots.txt"). */
  robotsMaxBytes: 500 * 1024,
  /** One sitemap: a small business's is a few KB; past this it is not read. */
  sitemapMaxBytes: 1024 * 1024,
  /** Addresses taken from one sitemap. */
  sitemapMaxUrls: 5000,
  /** Sitemaps read from a sitemap index. */
  sitemapsMax: 10,
  /** What one run reads of pages and scripts (robots.txt and sitemaps have their own caps); past it no page is read. */
  runMaxBytes: 50 * 1024 * 1024,
  /** The heap of the child process a run is given (--max-old-space-size). */
  memoryMb: 384,
};

/** Bounds the checks use; the README quotes them. */
export const checkBounds = {
  ...snippetLimits,
  /**
   * HTML (uncompressed) heavier than this is worth slimming. 200 KB is Lumar's default "Max HTML Size" (204,800
   * bytes, api-docs.lumar.io report template max_html_size). The old 100 KB came from tools of 2011 that assumed
   * search engines read only a page's first 100 KB; Google documents Googlebot's limit in megabytes
   * (developers.google.com, "Googlebot"), so past this a page is heavy for phones, not cut off.
   */
  htmlWarnBytes: 200 * 1024,
  /** Script, summed over a page's own files. */
  scriptWarnBytes: 300 * 1024,
};

/** @type {Record<string, { severity: Severity, title: string, fix: string }>} */
export const rules = {
  'page-unreachable': { severity: 'error', title: 'Page could not be loaded', fix: 'Make sure the server answers this address quickly and reliably.' },
  'http-error': { severity: 'error', title: 'Page answers with an error', fix: 'Restore the page, or redirect it (301) to its replacement and update links.' },
  'redirect-loop': { severity: 'error', title: 'Redirect loop', fix: 'Point the redirects at a final page that answers 200.' },
  'redirect-chain': { severity: 'warning', title: 'Chain of redirects', fix: 'Redirect straight to the final address, in one step.' },
  'too-large': { severity: 'error', title: 'Page too large to check', fix: 'Serve a much smaller page: split it, and load heavy content on demand.' },
  'title-missing': {
    severity: 'error',
    title: 'No title',
    fix: `Add a unique <title> that says what the page offers, in ${snippetLimits.titleMax} characters or fewer.`,
  },
  'title-too-long': {
    severity: 'warning',
    title: 'Title too long',
    fix: `Shorten the title to ${checkBounds.titleMax} characters or fewer so it is not cut off in results.`,
  },
  'title-duplicate': { severity: 'warning', title: 'Title used on several pages', fix: 'Give every page its own title.' },
  'description-missing': {
    severity: 'warning',
    title: 'No meta description',
    fix: `Add a meta description of ${snippetLimits.descriptionMin}–${snippetLimits.descriptionMax} characters that invites the click.`,
  },
  'description-length': {
    severity: 'warning',
    title: 'Meta description length',
    fix: `Write ${checkBounds.descriptionMin}–${checkBounds.descriptionMax} characters: shorter wastes the snippet, longer is cut off.`,
  },
  'description-duplicate': { severity: 'warning', title: 'Description used on several pages', fix: 'Give every page its own description.' },
  'canonical-missing': { severity: 'warning', title: 'No canonical link', fix: 'Add <link rel="canonical" href="…"> with the page\'s own absolute address.' },
  'canonical-invalid': { severity: 'error', title: 'Canonical link not usable', fix: 'Use an absolute http(s) address on this site in the canonical link.' },
  'canonical-other-page': {
    severity: 'notice',
    title: 'Canonical points to another page',
    fix: 'Check that this page is meant to be a duplicate of the one it names.',
  },
  'h1-missing': { severity: 'error', title: 'No h1 heading', fix: 'Give the page one <h1> that names its topic.' },
  'h1-multiple': { severity: 'warning', title: 'Several h1 headings', fix: 'Keep one <h1>; make the others <h2>.' },
  'heading-skip': { severity: 'warning', title: 'Heading level skipped', fix: 'Go down one level at a time (h2 after h1, h3 after h2).' },
  'img-alt-missing': {
    severity: 'warning',
    title: 'Image without alt text',
    fix: 'Add alt text that says what the image shows, or alt="" if it is decoration.',
  },
  'jsonld-invalid': {
    severity: 'error',
    title: 'Structured data does not parse',
    fix: 'Fix the JSON in the application/ld+json block; test it in the Rich Results Test.',
  },
  'noindex-in-sitemap': {
    severity: 'error',
    title: 'noindex page in the sitemap',
    fix: 'Remove the page from the sitemap, or remove noindex if it should rank.',
  },
  'broken-link': { severity: 'error', title: 'Broken internal link', fix: 'Point the link at a page that exists, or restore the page.' },
  'broken-asset': { severity: 'error', title: 'Broken image, script or stylesheet', fix: 'Restore the file or update the reference.' },
  'mixed-content': { severity: 'error', title: 'Insecure resource on a secure page', fix: 'Load the resource over https.' },
  'html-heavy': {
    severity: 'warning',
    title: 'Heavy HTML',
    fix: `Keep the HTML under ${checkBounds.htmlWarnBytes / 1024} KB: less repeated markup, fewer inline assets.`,
  },
  'script-heavy': {
    severity: 'warning',
    title: 'Heavy JavaScript',
    fix: `Keep a page's scripts under ${checkBounds.scriptWarnBytes / 1024} KB: load less, and later.`,
  },
  'html-invalid': { severity: 'notice', title: 'HTML has parse errors', fix: 'Run the page through the W3C validator and fix the markup it reports.' },
  'sitemap-missing': { severity: 'warning', title: 'No sitemap', fix: 'Publish /sitemap.xml listing every page to index, and name it in robots.txt.' },
  'sitemap-invalid': { severity: 'error', title: 'Sitemap not valid', fix: 'Serve a <urlset> of <url><loc> entries as XML (sitemaps.org).' },
  'robots-missing': { severity: 'notice', title: 'No robots.txt', fix: 'Publish /robots.txt with a Sitemap: line.' },
  'robots-too-large': {
    severity: 'warning',
    title: 'robots.txt too large',
    fix: `Keep robots.txt under ${checkDefaults.robotsMaxBytes / 1024} KB: search engines ignore everything after that.`,
  },
  'sitemap-too-large': {
    severity: 'notice',
    title: 'Sitemap too large to check',
    fix: 'Split the sitemap into smaller ones listed in a sitemap index, each with only the pages worth finding.',
  },
  'sitemap-elsewhere': {
    severity: 'notice',
    title: 'Sitemap on another site',
    fix: "List only this site's own sitemaps in its sitemap index: search engines ignore a sitemap on another host.",
  },
  'site-too-large': {
    severity: 'notice',
    title: 'Site too large to check in full',
    fix: 'Serve much smaller pages: most of the weight is rarely read by visitors or search engines.',
  },
  'orphan-page': { severity: 'warning', title: 'In the sitemap but not linked', fix: 'Link to the page from a related page or the navigation.' },
};

/** @typedef {keyof typeof rules} RuleId */

/**
 * Every page's canonical names the same page on one other address: one cause, said once with what usually causes it.
 * @param {number} pages @param {string} other the origin the canonicals name @param {string} origin the site checked
 */
export function canonicalOriginText(pages, other, origin) {
  return (
    `${plural(pages, 'page')} name the same page on ${other} as their canonical: they were made for ${other} but are served at ${origin}. ` +
    'Usually the site moved, or was rebuilt for another address, without its pages being generated again ' +
    '(on a site built from this project: SITE_URL was changed without `npm run build`).'
  );
}
