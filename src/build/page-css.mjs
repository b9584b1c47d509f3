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
  // Module scripts, island components and renderers, and the script the loader adds after the first paint.
  const pending = [...html.matchAll(/"(\/_astro\/[^"]+\.js)"/g)].map((m) => path.join(clientDir, m[1]));
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
    for (const [, name] of text.matchAll(scriptImports)) pending.push(path.join(path.dirname(file), name));
    for (const [, sitePath] of text.matchAll(fetchedMarkup)) pending.push(path.join(clientDir, sitePath));
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
    if (node.type !== 'pseudo' || node.nodes.length === 0) return true;
    if (node.value === ':not') return true;
    return node.nodes.some((inner) => canMatch(inner, used, elements));
  });
}

/**
 * The page with its inline stylesheet cut to the rules it can use: a rule stays when one of its selectors can match;
 * then the custom properties nothing reads go. Keyframes and font faces stay whole.
 * @param {string} html
 * @param {string[]} scripts the text of every script the page can load (loadableTextsOfPage)
 * @returns {string}
 */
export function keepUsedCss(html, scripts) {
  const siteStyle = /<style>(?!astro-island)([\s\S]*?)<\/style>/;
  const css = siteStyle.exec(html)?.[1];
  if (!css) return html;
  const used = new Set([html, ...scripts].flatMap(classTokens));
  const elements = elementNames([html.replace(siteStyle, ''), ...scripts]);
  // Always in a document, whether or not written: the parser adds them.
  for (const name of ['html', 'head', 'body']) elements.add(name);
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test(/** @type {import('postcss').AtRule} */ (rule.parent).name)) return;
    const selectors = selectorParser().astSync(rule.selector);
    const matching = selectors.nodes.filter((selector) => canMatch(selector, used, elements));
    if (matching.length === 0) rule.remove();
    // A list keeps only its selectors that can match (the preflight's img,svg,video,canvas,… → img,svg).
    else if (matching.length < selectors.nodes.length) rule.selector = matching.map((selector) => selector.toString().trim()).join(',');
  });
  dropUnusedCustomProperties(root, [html.replace(siteStyle, ''), ...scripts].join('\n'));
  dropEmpty(root);
  return html.replace(siteStyle, () => `<style>${root.toString()}</style>`);
}

/**
 * Custom properties (Tailwind's theme and its --tw-* registrations) that no remaining rule reads, and that the markup
 * and scripts do not name, go with their @property registrations; repeated, since one may only have been read by
 * another.
 * @param {import('postcss').Root} root
 * @param {string} pageText the page without its stylesheet, and its scripts
 */
function dropUnusedCustomProperties(root, pageText) {
  const namedByPage = new Set(pageText.match(/--[\w-]+/g));
  for (let dropped = true; dropped;) {
    dropped = false;
    const read = new Set(namedByPage);
    root.walkDecls((decl) => {
      for (const [, name] of decl.value.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(name);
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
