// @ts-check
// The inline scripts of a page and their CSP hashes: what the build records for each page it writes (astro.config.mjs,
// into dist/server/csp.json) and what the middleware and the HTTP front (src/server/platform/http/csp.mjs) allow a page
// to run, so both name a script alike. Plain JavaScript: astro.config.mjs and scripts/start.mjs load it directly.
import { createHash } from 'node:crypto';
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
