// @ts-check
// The URL path of a file in dist/client: index.html → '/', about/index.html → '/about', 404.html → '/404',
// robots.txt → '/robots.txt'. Used by the build's CSP manifest (astro.config.mjs) and the HTTP front, the analytics
// and the Caddy file through builtPaths (src/server/platform/http/page-path.mjs), so all name pages alike.
import path from 'node:path';

/** @param {string} relative path inside dist/client, with the platform's separators */
export function pagePathFor(relative) {
  const posix = relative.split(path.sep).join('/');
  if (posix === 'index.html') return '/';
  return `/${posix.replace(/(\/index)?\.html$/, '')}`;
}
