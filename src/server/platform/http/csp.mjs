// Content-Security-Policy for every response. Inline scripts are allowed by their SHA-256 hash only, and only the
// inline scripts the site itself emits: the build records them (dist/server/csp.json: each pre-rendered page's, and
// `known`, every inline script the site can put in a page rendered on demand), and the middleware allows in an
// on-demand page only those of its scripts that are known. Text a visitor or a post placed in a page can therefore
// never allow itself, even if it ever became a script. Plain JavaScript: scripts/start.mjs uses it without a
// TypeScript step.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { html as namespaces, parse } from 'parse5';

// Executable inline <script> elements: no src, and a JavaScript type (or none). JSON-LD and other data blocks are
// not run by the browser, so CSP does not apply to them.
const executableType = /^(?:|module|text\/javascript|application\/javascript)$/i;

/**
 * The text of each executable inline script element of a page, in document order. The page is parsed as a browser
 * parses it (parse5), so a `<script>` inside an attribute value, a comment, a `<noscript>` or a `<template>` is not one.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScripts(html) {
  /** @type {string[]} */
  const found = [];
  /** @type {any[]} */
  const stack = [parse(html)];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node.nodeName === 'script' && node.namespaceURI === namespaces.NS.HTML) {
      const attributes = new Map(node.attrs.map((/** @type {{ name: string, value: string }} */ a) => [a.name, a.value]));
      if (!attributes.has('src') && executableType.test((attributes.get('type') ?? '').trim())) {
        found.push(node.childNodes.map((/** @type {{ value?: string }} */ child) => child.value ?? '').join(''));
      }
    }
    // A template's content (node.content) is inert until a script of the page clones it: not walked.
    const children = node.childNodes ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return found;
}

/** @param {string} script @returns {string} its 'sha256-…' source */
export const scriptHash = (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * The hashes of a page's inline scripts, in document order, without repeats; with `known`, only those that are in it
 * (a script the site does not emit is left out, so it does not run).
 * @param {string} html
 * @param {ReadonlySet<string>} [known] hashes of the inline scripts the site emits
 * @returns {string[]}
 */
export function inlineScriptHashes(html, known) {
  const hashes = new Set();
  for (const script of inlineScripts(html)) {
    const hash = scriptHash(script);
    if (!known || known.has(hash)) hashes.add(hash);
  }
  return [...hashes];
}

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
