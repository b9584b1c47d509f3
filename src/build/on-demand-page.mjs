// @ts-check
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lateStyleFor } from './late-style.mjs';
import { keepFirstPaintCss, keepUsedCss, loadableTextsOfPage, siteStyleOf } from './page-css.mjs';
import { dropStaticTextSeparators, loadModuleScriptsAfterLoad, minifyInlineScripts, moveIslandStyleToHead } from './page-html.mjs';

/** Finished pages by the hash of what Astro rendered: the same post is cut once, not on every request. */
const finished = new Map();
const keptPages = 200;
/** @type {Map<string, string>} */
const scriptCache = new Map();
/** @type {Record<string, string> | null} the build's minified inline scripts by source (astro.config.mjs) */
let minifiedScripts = null;

/** @param {string} clientDir @returns {Record<string, string>} */
function minifiedScriptsOf(clientDir) {
  if (minifiedScripts) return minifiedScripts;
  const file = path.join(clientDir, '..', 'server', 'inline-scripts.json');
  minifiedScripts = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  return /** @type {Record<string, string>} */ (minifiedScripts);
}

/**
 * A public page rendered on demand (the blog, an admin post), finished exactly as the build finishes a pre-rendered
 * one (astro.config.mjs): island style in the head, module scripts after the first paint, React's separators dropped,
 * inline scripts minified as the build minified them, the stylesheet cut to what the page's markup uses and the build's
 * late stylesheet for what its scripts add (or, when the build made none for it, to what the page can use); so it is
 * as light as a built page.
 * @param {string} html @param {string} clientDir the built site, whose scripts the page can load
 * @returns {string}
 */
export function finishOnDemandPage(html, clientDir) {
  const key = createHash('sha256').update(html).digest('base64url');
  const cached = finished.get(key);
  if (cached !== undefined) return cached;
  const minified = minifiedScriptsOf(clientDir);
  const moved = moveIslandStyleToHead(html);
  const texts = loadableTextsOfPage(moved, clientDir, scriptCache);
  const css = siteStyleOf(moved);
  const late = css ? lateStyleFor(clientDir, css, moved) : undefined;
  const page = minifyInlineScripts(dropStaticTextSeparators(loadModuleScriptsAfterLoad(moved, late?.href)), (source) =>
    Object.hasOwn(minified, source) ? minified[source] : undefined,
  );
  const result = late ? keepFirstPaintCss(page, texts) : keepUsedCss(page, texts);
  if (finished.size >= keptPages) finished.delete(finished.keys().next().value);
  finished.set(key, result);
  return result;
}
