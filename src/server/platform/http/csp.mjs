// Content-Security-Policy for every response. Inline scripts are allowed by their SHA-256 hash only: for pre-rendered
// pages the hashes are computed at build (astro.config.mjs writes dist/server/csp.json), for on-demand pages by the
// middleware from the rendered HTML. Plain JavaScript: scripts/start.mjs uses it without a TypeScript step.
import { createHash } from 'node:crypto';

// Executable inline <script> elements: no src, and a JavaScript type (or none). JSON-LD and other data blocks are
// not run by the browser, so CSP does not apply to them.
const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const executableType = /^\s*$|^(?:module|text\/javascript|application\/javascript)$/i;

/** @param {string} html @returns {string[]} 'sha256-…' sources, in document order, without repeats */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes = '', body = ''] of html.matchAll(inlineScript)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!executableType.test(type)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
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
