// @ts-check
// The pages and files of a build, by URL path (each named by src/build/page-path.mjs): the HTTP front, the analytics
// and the Caddy file list them alike.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pagePathFor } from '../../../build/page-path.mjs';

/**
 * The URL paths of the built files in dist/client (not the .br/.gz copies, not the error page, which is answered with
 * status 404 only), each with whether it is an HTML page.
 * @param {string} clientDir
 * @returns {{ path: string, page: boolean }[]}
 */
export function builtPaths(clientDir) {
  /** @type {{ path: string, page: boolean }[]} */
  const found = [];
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const relative = path.relative(clientDir, path.join(entry.parentPath, entry.name));
    if (relative !== '404.html') found.push({ path: pagePathFor(relative), page: entry.name.endsWith('.html') });
  }
  return found;
}
