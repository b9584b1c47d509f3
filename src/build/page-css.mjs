// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import selectorParser from 'postcss-selector-parser';

/**
 * Every page inlines the site's one stylesheet (about 50 KB, 8 KB brotli), most of it for other pages and the admin.
 * After the build each pre-rendered page keeps only the rules its own HTML can use, or what it can load after it can
 * (the layout entry, the islands on the page, everything they import and the markup they fetch: classes added later,
 * such as a form's error state, a toast or the accessibility panel, are written there). That helps a page fit in the
 * first 14.6 KB the server can send before it waits for the browser to acknowledge them (firstWindowBytes).
 * Better still (keepFirstPaintCss), a page inlines only what its own markup uses, and the rules for what its scripts
 * add later come in one stylesheet shared by every page (lateCss), which the scripts wait for (page-html.mjs).
 */

// Tailwind's classes contain ':', '/', '[' and '.'; a token is any run of characters that cannot end a class
// attribute or a string in the markup or the scripts.
/** @param {string} content */
const classTokens = (content) => content.match(/[^<>"'`\s]*[^<>"'`\s:]/g) ?? [];

// Vite's chunks name what they import, statically or on demand, as "./name.hash.js"; markup a script fetches from the
// site (the accessibility panel's) is named by its path, "/name.json".
const scriptImports = /["']\.\/([\w.-]+\.js)["']/g;
const fetchedMarkup = /["'](\/[\w-]+\.json)["']/g;

/**
 * What a page can load after it: its module scripts and island components, what they import (statically or on
 * demand), and the site files those scripts fetch.
 * @param {string} html
 * @param {string} clientDir the built site's client folder (dist/client)
 * @param {Map<string, string>} cache file contents by path, shared by all pages of one build
 * @returns {string[]} the files' text
 */
export function loadableTextsOfPage(html, clientDir, cache) {
  // Module scripts, island components and renderers, the script the loader adds after the first paint, and the
  // stylesheets a script adds (the accessibility modes': the custom properties it reads are kept).
  const pending = [...html.matchAll(/"(\/_astro\/[^"]+\.(?:js|css))"/g)].map((m) => path.join(clientDir, /** @type {string} */ (m[1])));
  const seen = new Set();
  const texts = [];
  while (pending.length > 0) {
    const file = /** @type {string} */ (pending.pop());
    if (seen.has(file)) continue;
    seen.add(file);
    let text = cache.get(file);
    if (text === undefined) {
      if (!existsSync(file)) continue;
      text = readFileSync(file, 'utf8');
      // Markup sent as JSON is read as the strings it holds, without JSON's escapes.
      if (file.endsWith('.json')) text = stringsIn(JSON.parse(text)).join('\n');
      cache.set(file, text);
    }
    texts.push(text);
    if (!file.endsWith('.js')) continue;
    for (const [, name = ''] of text.matchAll(scriptImports)) pending.push(path.join(path.dirname(file), name));
    for (const [, sitePath = ''] of text.matchAll(fetchedMarkup)) pending.push(path.join(clientDir, sitePath));
  }
  return texts;
}

/** @param {unknown} value @returns {string[]} */
function stringsIn(value) {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * The element names a page's markup and scripts can produce: tags in markup (the page's, and markup its scripts
 * hold or fetch), and quoted names in scripts (React's jsx("textarea"), createElement("link")). Generous on purpose:
 * a word that is only a string somewhere keeps its element's rules, which costs bytes, never a style.
 * @param {string[]} texts @returns {Set<string>}
 */
const elementNames = (texts) =>
  new Set(texts.flatMap((text) => [...text.matchAll(/<([a-z][a-z0-9-]*)|["'`]([a-z][a-z0-9]*)["'`]/gi)].map((m) => (m[1] ?? m[2] ?? '').toLowerCase())));

/** Pseudo-elements only form fields have (the preflight's date, number, search, file and placeholder rules). */
const controlPseudo = /^::(?:placeholder|file-selector-button|-webkit-(?:date|datetime-edit|calendar-picker|inner-spin|outer-spin|search-decoration))/i;

/**
 * Whether a selector can match in a page whose markup and scripts name these classes and elements. Classes and
 * element names are judged (attributes and states are kept as they are; the preflight's rules for elements a page
 * never has, such as kbd, sub or ::file-selector-button's inputs, go); a class or element under :not() does not have to
 * be there, and one under :is(), :where() or :has() only in one of their alternatives.
 * @param {import('postcss-selector-parser').Container} selector
 * @param {Set<string>} used classes
 * @param {Set<string>} elements element names
 * @returns {boolean}
 */
function canMatch(selector, used, elements) {
  return selector.nodes.every((node) => {
    if (node.type === 'class') return used.has(node.value);
    if (node.type === 'tag') return elements.has(node.value.toLowerCase());
    if (node.type === 'pseudo' && controlPseudo.test(node.value)) return elements.has('input') || elements.has('textarea');
    if (node.type !== 'pseudo' || node.nodes.length === 0) return true;
    if (node.value === ':not') return true;
    return node.nodes.some((inner) => canMatch(inner, used, elements));
  });
}

/** The site's stylesheet in a page: its first style that is not Astro's island style. */
const siteStyle = /<style>(?!astro-island)([\s\S]*?)<\/style>/;

/** @param {string} html @returns {string | undefined} the page's site stylesheet, as the build wrote it */
export const siteStyleOf = (html) => siteStyle.exec(html)?.[1];

/**
 * What a page and the texts it can load offer to a stylesheet: the class tokens and element names they can produce,
 * and the custom properties they name (a script may set one, a later stylesheet read one).
 * @param {string} html @param {string[]} scripts
 */
function pageTokens(html, scripts) {
  const withoutStyle = html.replace(siteStyle, '');
  const elements = elementNames([withoutStyle, ...scripts]);
  // Always in a document, whether or not written: the parser adds them.
  for (const name of ['html', 'head', 'body']) elements.add(name);
  const text = [withoutStyle, ...scripts].join('\n');
  return { used: new Set([html, ...scripts].flatMap(classTokens)), elements, named: new Set(text.match(/--[\w-]+/g)) };
}

/**
 * The stylesheet cut to the rules that can match, its theme's constants written where they are read, then the custom
 * properties nothing reads dropped. Keyframes and font faces stay whole.
 * @param {string} css
 * @param {{ used: Set<string>, elements: Set<string>, named: Set<string> }} tokens
 * @returns {string}
 */
function cutCss(css, { used, elements, named }) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test(/** @type {import('postcss').AtRule} */ (rule.parent).name)) return;
    const selectors = selectorParser().astSync(rule.selector);
    const matching = selectors.nodes.filter((selector) => canMatch(selector, used, elements));
    if (matching.length === 0) rule.remove();
    // A list keeps only its selectors that can match (the preflight's img,svg,video,canvas,… → img,svg).
    else if (matching.length < selectors.nodes.length) rule.selector = matching.map((selector) => selector.toString().trim()).join(',');
  });
  inlineThemeConstants(root, named);
  dropUnusedCustomProperties(root, named);
  dropEmpty(root);
  return root.toString();
}

/**
 * The page with its inline stylesheet cut to the rules it can use, its own and those for what its scripts add.
 * @param {string} html
 * @param {string[]} scripts the text of every script the page can load (loadableTextsOfPage)
 * @returns {string}
 */
export function keepUsedCss(html, scripts) {
  const css = siteStyleOf(html);
  if (!css) return html;
  const cut = cutCss(css, pageTokens(html, scripts));
  return html.replace(siteStyle, () => `<style>${cut}</style>`);
}

/**
 * The page with its inline stylesheet cut to what its own markup uses, for its first paint; what its scripts add
 * later is styled by the shared late stylesheet (lateCss), which they wait for. The layers are declared in the full
 * sheet's order first, so the late sheet's rules fall into the same layers, in the same order, as one stylesheet's.
 * @param {string} html
 * @param {string[]} scripts the texts the page can load: the custom properties they name are kept
 * @returns {string}
 */
export function keepFirstPaintCss(html, scripts) {
  const css = siteStyleOf(html);
  if (!css) return html;
  const own = pageTokens(html, []);
  const cut = cutCss(css, { ...own, named: pageTokens(html, scripts).named });
  return html.replace(siteStyle, () => `<style>${layerOrder(css)}${cut}</style>`);
}

/**
 * The late stylesheet shared by the pages given: every rule any of them keeps (keepUsedCss), in the stylesheet's
 * order. Appended after a page's first-paint rules, it gives what a page's scripts add the same cascade as the page's
 * whole cut stylesheet would, and changes nothing already painted.
 * @param {string} css the pages' site stylesheet
 * @param {{ html: string, scripts: string[] }[]} pages
 * @returns {string}
 */
export function lateCss(css, pages) {
  /** @type {{ used: Set<string>, elements: Set<string>, named: Set<string> }} */
  const all = { used: new Set(), elements: new Set(), named: new Set() };
  for (const { html, scripts } of pages) {
    const tokens = pageTokens(html, scripts);
    for (const key of /** @type {const} */ (['used', 'elements', 'named'])) for (const token of tokens[key]) all[key].add(token);
  }
  return `${layerOrder(css)}${cutCss(css, all)}`;
}

/** The stylesheet's cascade layers in the order it first names them, as one statement ("" when it has none). @param {string} css */
function layerOrder(css) {
  /** @type {string[]} */
  const names = [];
  postcss.parse(css).each((node) => {
    if (node.type !== 'atrule' || node.name !== 'layer') return;
    for (const name of node.params.split(',').map((n) => n.trim())) if (name && !names.includes(name)) names.push(name);
  });
  return names.length ? `@layer ${names.join(',')};` : '';
}

/**
 * Tailwind's theme is constants (`--spacing:.25rem`, `--color-ink:#0f172a`) that every utility reads through var():
 * the value is written in their place (`calc(var(--spacing) * 4)` → `1rem`), which is shorter and compresses better.
 * Only a property declared once, in the theme layer, that no page text or script names (and so may set or read).
 * @param {import('postcss').Root} root @param {Set<string>} named
 */
function inlineThemeConstants(root, named) {
  /** @type {Map<string, string>} */
  const theme = new Map();
  const elsewhere = new Set();
  root.walkDecls(/^--/, (decl) => {
    const layer = decl.parent?.parent;
    const inTheme =
      layer?.type === 'atrule' &&
      /** @type {import('postcss').AtRule} */ (layer).name === 'layer' &&
      /** @type {import('postcss').AtRule} */ (layer).params === 'theme';
    if (inTheme && !theme.has(decl.prop) && !elsewhere.has(decl.prop)) theme.set(decl.prop, decl.value.trim());
    else elsewhere.add(decl.prop);
  });
  for (const name of [...theme.keys()]) if (elsewhere.has(name) || named.has(name)) theme.delete(name);
  /** @param {string} value @returns {string} */
  const resolve = (value) => {
    for (let before = ''; before !== value;) {
      before = value;
      value = replaceVars(value, (name) => theme.get(name));
    }
    return value.replace(/calc\((-?[\d.]+)(rem|px|em) \* (-?[\d.]+)\)/g, (_, size, unit, times) => {
      const product = Number((Number(size) * Number(times)).toFixed(4));
      return product === 0 ? '0' : `${String(product).replace(/^(-?)0\./, '$1.')}${unit}`;
    });
  };
  root.walkDecls((decl) => {
    if (decl.value.includes('var(--')) decl.value = resolve(decl.value);
  });
}

/**
 * Each var(--name) or var(--name, fallback) whose property has a value (`valueOf`) replaced by that value (the
 * fallback, which it never needs, goes too); the others kept, with their fallbacks' own var() replaced.
 * @param {string} value @param {(name: string) => string | undefined} valueOf
 * @returns {string}
 */
function replaceVars(value, valueOf) {
  let out = '';
  let at = 0;
  for (let start = value.indexOf('var(--'); start >= 0; start = value.indexOf('var(--', at)) {
    let depth = 0;
    let end = start + 3;
    for (; end < value.length; end++) {
      if (value[end] === '(') depth++;
      else if (value[end] === ')' && --depth === 0) break;
    }
    if (end >= value.length) break;
    const inner = value.slice(start + 4, end);
    const comma = inner.indexOf(',');
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    const known = valueOf(name);
    out += value.slice(at, start) + (known ?? (comma < 0 ? `var(${inner})` : `var(${inner.slice(0, comma)},${replaceVars(inner.slice(comma + 1), valueOf)})`));
    at = end + 1;
  }
  return out + value.slice(at);
}

/**
 * Custom properties (Tailwind's theme and its --tw-* registrations) that no remaining rule reads, and that the markup
 * and scripts do not name, go with their @property registrations; repeated, since one may only have been read by
 * another.
 * @param {import('postcss').Root} root
 * @param {Set<string>} namedByPage the custom properties the page without its stylesheet, and its scripts, name
 */
function dropUnusedCustomProperties(root, namedByPage) {
  for (let dropped = true; dropped;) {
    dropped = false;
    const read = new Set(namedByPage);
    root.walkDecls((decl) => {
      for (const [, name = ''] of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(name);
    });
    root.walkDecls(/^--/, (decl) => {
      if (read.has(decl.prop)) return;
      decl.remove();
      dropped = true;
    });
    root.walkAtRules('property', (atRule) => {
      if (read.has(atRule.params.trim())) return;
      atRule.remove();
      dropped = true;
    });
  }
}

/** Rules left without declarations, and at-rules (media queries, layers, supports) left without rules. @param {import('postcss').Root} root */
function dropEmpty(root) {
  for (let emptied = true; emptied;) {
    emptied = false;
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes?.length === 0) {
        node.remove();
        emptied = true;
      }
    });
  }
}
