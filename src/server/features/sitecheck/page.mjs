// @ts-check
// What one HTML page says about itself: title, description, canonical, headings, images, JSON-LD, links and assets.
import { parse } from 'parse5';
import { resolve } from './urls.mjs';

/** @param {any} node @param {(node: any) => void} visit */
function walk(node, visit) {
  visit(node);
  for (const child of node.childNodes ?? []) walk(child, visit);
  if (node.content) walk(node.content, visit);
}
/** @param {any} node @param {string} name */
const attr = (node, name) => node.attrs?.find((/** @type {{ name: string }} */ a) => a.name === name)?.value ?? null;
/** @param {any} node @returns {string} */
const textOf = (node) => (node.nodeName === '#text' ? node.value : (node.childNodes ?? []).map(textOf).join(''));

/** @param {unknown} value @param {Set<string>} types */
function collectTypes(value, types) {
  if (Array.isArray(value)) value.forEach((item) => collectTypes(item, types));
  else if (value && typeof value === 'object') {
    const type = /** @type {Record<string, unknown>} */ (value)['@type'];
    if (typeof type === 'string') types.add(type);
    else if (Array.isArray(type)) type.forEach((t) => typeof t === 'string' && types.add(t));
    Object.values(value).forEach((child) => collectTypes(child, types));
  }
}

/**
 * What one HTML page says about itself.
 * @param {string} html @param {string} pageUrl
 */
export function analysePage(html, pageUrl) {
  let parseErrors = 0;
  const document = parse(html, { onParseError: () => parseErrors++ });
  /** @type {string | null} */
  let title = null;
  /** @type {string | null} */
  let description = null;
  /** @type {string | null} */
  let canonical = null;
  let robots = '';
  /** @type {number[]} */
  const headings = [];
  /** @type {string[]} where each image without alt comes from, as written (src, else its lazy or srcset source) */
  const imagesWithoutAlt = [];
  /** @type {string[]} */
  const jsonLdErrors = [];
  const jsonLdTypes = new Set();
  /** @type {string[]} */
  const links = [];
  /** @type {{ url: string, kind: 'image' | 'script' | 'stylesheet' | 'other' }[]} */
  const assets = [];
  /** @type {string[]} */
  const insecure = [];
  let inlineScriptBytes = 0;
  const isHttps = pageUrl.startsWith('https:');
  walk(document, (node) => {
    const tag = node.tagName;
    if (!tag) return;
    const src = attr(node, 'src');
    if (tag === 'title' && title === null) title = textOf(node).trim();
    else if (tag === 'meta') {
      const name = (attr(node, 'name') ?? '').toLowerCase();
      if (name === 'description' && description === null) description = (attr(node, 'content') ?? '').trim();
      if (name === 'robots') robots += ` ${attr(node, 'content') ?? ''}`;
    } else if (tag === 'link') {
      const rel = (attr(node, 'rel') ?? '').toLowerCase().split(/\s+/);
      const href = attr(node, 'href');
      if (rel.includes('canonical') && canonical === null) canonical = href ?? '';
      if (href && (rel.includes('stylesheet') || rel.includes('icon'))) {
        const url = resolve(href, pageUrl);
        if (url) assets.push({ url, kind: rel.includes('stylesheet') ? 'stylesheet' : 'other' });
        if (isHttps && href.trim().startsWith('http:')) insecure.push(href.trim());
      }
    } else if (/^h[1-6]$/.test(tag)) headings.push(Number(tag[1]));
    else if (tag === 'img') {
      if (attr(node, 'alt') === null) {
        const source = src ?? attr(node, 'data-src') ?? attr(node, 'srcset')?.trim().split(/\s+/)[0] ?? '';
        imagesWithoutAlt.push(source.trim());
      }
    } else if (tag === 'script') {
      const type = (attr(node, 'type') ?? '').toLowerCase();
      if (type === 'application/ld+json') {
        try {
          collectTypes(JSON.parse(textOf(node)), jsonLdTypes);
        } catch (error) {
          jsonLdErrors.push(error instanceof Error ? error.message : String(error));
        }
      } else if (!src) inlineScriptBytes += Buffer.byteLength(textOf(node));
    } else if (tag === 'a') {
      const href = attr(node, 'href');
      const url = href ? resolve(href, pageUrl) : null;
      if (url) links.push(url);
    }
    if (src && ['img', 'script', 'iframe', 'source', 'video', 'audio', 'embed'].includes(tag)) {
      const url = resolve(src, pageUrl);
      if (url && tag !== 'iframe') assets.push({ url, kind: tag === 'img' || tag === 'source' ? 'image' : tag === 'script' ? 'script' : 'other' });
      if (isHttps && src.trim().startsWith('http:')) insecure.push(src.trim());
    }
  });
  return {
    title,
    description,
    canonical,
    noindex: /\bnoindex\b/i.test(robots),
    headings,
    imagesWithoutAlt,
    jsonLdErrors,
    jsonLdTypes: [...jsonLdTypes],
    links: [...new Set(links)],
    assets,
    insecure: [...new Set(insecure)],
    inlineScriptBytes,
    parseErrors,
  };
}
