// @ts-check
// Reading a sitemap (sitemaps.org): the one parser for the site checker (other sites' sitemaps) and IndexNow (this
// build's). An XML parser, not a pattern: entities, CDATA, namespaces and whitespace are read as XML says.
import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

/**
 * A sitemap's kind and the addresses it lists: pages for a `urlset`, sitemaps for a `sitemapindex`; kind null for
 * anything that is neither (HTML, broken XML, another document).
 * @param {string} xml
 * @returns {{ kind: 'urlset' | 'sitemapindex' | null, locations: string[] }}
 */
export function parseSitemap(xml) {
  /** @type {any} */
  let document;
  try {
    document = parser.parse(xml);
  } catch {
    return { kind: null, locations: [] };
  }
  const read = (/** @type {unknown} */ entries) =>
    (Array.isArray(entries) ? entries : [])
      .map((entry) => (entry && typeof entry === 'object' ? /** @type {{ loc?: unknown }} */ (entry).loc : undefined))
      .filter((loc) => typeof loc === 'string' && loc !== '')
      .map((loc) => /** @type {string} */ (loc));
  if (document && typeof document === 'object' && 'urlset' in document) return { kind: 'urlset', locations: read(document.urlset?.url) };
  if (document && typeof document === 'object' && 'sitemapindex' in document) return { kind: 'sitemapindex', locations: read(document.sitemapindex?.sitemap) };
  return { kind: null, locations: [] };
}
