// The URL path of a file in dist/client: index.html → '/', about/index.html → '/about', 404.html → '/404',
// robots.txt → '/robots.txt'. Used by the HTTP front, the build's CSP manifest and analytics, so all name pages alike.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** @param {string} relative path inside dist/client, with the platform's separators */
export function pagePathFor(relative) {
  const posix = relative.split(path.sep).join('/');
  if (posix === 'index.html') return '/';
  return `/${posix.replace(/(\/index)?\.html$/, '')}`;
}

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
