// @ts-check
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The late stylesheets the build wrote (page-css.mjs's lateCss), in dist/server: for each site stylesheet (by the hash
 * of its text), the late sheet's address and the scripts whose additions it styles. A page rendered on demand uses one
 * only when it loads no script besides these.
 */
export const lateStylesFile = 'late-styles.json';

/** @typedef {{ href: string, scripts: string[] }} LateStyle */

/** @param {string} css a site stylesheet as the build wrote it into a page */
export const styleKey = (css) => createHash('sha256').update(css).digest('base64url').slice(0, 16);

/** The scripts a page names (its module scripts, island components and renderers). @param {string} html */
export const scriptsNamedBy = (html) => [...new Set([...html.matchAll(/"(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1] ?? ''))];

/** @type {Record<string, LateStyle> | null} */
let read = null;

/**
 * The late stylesheet for a page rendered on demand, or undefined when the build made none for its stylesheet or the
 * page loads a script the late sheet was not made for.
 * @param {string} clientDir @param {string} css @param {string} html
 * @returns {LateStyle | undefined}
 */
export function lateStyleFor(clientDir, css, html) {
  if (!read) {
    const file = path.join(clientDir, '..', 'server', lateStylesFile);
    read = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  }
  const late = /** @type {Record<string, LateStyle>} */ (read)[styleKey(css)];
  return late && scriptsNamedBy(html).every((script) => late.scripts.includes(script)) ? late : undefined;
}
