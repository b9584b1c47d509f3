// How the site's pages are compressed: the build's .br/.gz copies (scripts/precompress.mjs) and the blog pages kept in
// memory (src/server/platform/http/kept-page.ts), so a page rendered on demand is the same bytes a built one would be.
// Plain JavaScript: the build script reads it directly.
import zlib from 'node:zlib';

/** Brotli at its highest quality, told the input's size. @param {number} size */
export const brotliOptions = (size) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } });

/** Gzip at its highest level. */
export const gzipOptions = { level: 9 };
