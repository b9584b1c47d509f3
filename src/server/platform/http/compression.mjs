// @ts-check
// How the site's pages are compressed: the build's .br/.gz copies (scripts/precompress.mjs) and the blog pages kept in
// memory (src/server/platform/http/kept-page.ts), so a page rendered on demand is the same bytes a built one would be.
// Plain JavaScript: the build script reads it directly.
import zlib from 'node:zlib';

/** Brotli at its highest quality, told the input's size. @param {number} size */
export const brotliOptions = (size) => ({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } });

/** Gzip at its highest level. */
export const gzipOptions = { level: 9 };

/**
 * What a server sends before it waits for the browser's first acknowledgement: ten TCP segments of 1,460 bytes
 * (RFC 6928's initial window). A page whose compressed HTML and response headers fit arrives in one round trip.
 */
export const firstWindowBytes = 14_600;

/**
 * The room every page but the home page keeps free in that window (tests/build/first-window.test.ts): a paragraph
 * added to the footer or a few more rules in the stylesheet must not take a page to the edge unnoticed.
 */
export const firstWindowSpareBytes = 2_000;
