// @ts-check
// Content-Security-Policy for every response. Inline scripts are allowed by their SHA-256 hash only, and only the
// inline scripts the site itself emits: the build records them (dist/server/csp.json: each pre-rendered page's, and
// `known`, every inline script the site can put in a page rendered on demand), and the middleware allows in an
// on-demand page only those of its scripts that are known. Text a visitor or a post placed in a page can therefore
// never allow itself, even if it ever became a script. Plain JavaScript: scripts/start.mjs uses it without a
// TypeScript step. A page's inline scripts and their hashes: src/build/inline-scripts.mjs.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The hashes of every inline script the site can emit, as the build recorded them; null without a build (astro dev).
 * @param {string} serverDir dist/server
 * @returns {Set<string> | null}
 */
export function knownScriptHashes(serverDir) {
  try {
    return new Set(JSON.parse(readFileSync(path.join(serverDir, 'csp.json'), 'utf8')).known);
  } catch {
    return null;
  }
}

/**
 * @param {{ scriptHashes?: string[], frameSrc?: string[] }} [options]
 * @returns {string}
 */
export function contentSecurityPolicy({ scriptHashes = [], frameSrc = [] } = {}) {
  /** @type {Record<string, string[]>} */
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    // React style attributes and Astro's inlined stylesheets; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    // Fonts and fetches fall back to default-src 'self': naming them again would only lengthen every page's headers.
    'frame-src': frameSrc.length > 0 ? frameSrc : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
