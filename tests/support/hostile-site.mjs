// A hostile site on loopback, as issue 39 found one: a robots.txt of ~5 MB, a sitemap index of ten ~5 MB sitemaps
// (and entries on another host first), and pages of ~5 MB each, every one just under the site checker's fetch cap.
// Plain JavaScript, so the benchmark (`npm run bench:server -- --scenario hostile-audit`) uses it without the test runner.
// `hits` counts the requests each path was sent; `other.hits` those the other host was sent.
import http from 'node:http';
import { checkDefaults } from '../../src/lib/sitecheck-rules.mjs';

/** Just under the fetch cap the issue met (5 MB), so each was read whole then. */
const nearFiveMb = 5 * 1024 * 1024 - 16 * 1024;
/** Pages just under the fetch cap of the checker as it is (at most 5 MB), so each is read and parsed. */
const nearPageCap = Math.min(5 * 1024 * 1024, checkDefaults.maxBytes) - 16 * 1024;

/** `unit(i)` repeated until the text reaches `bytes` (give or take one unit). @param {string} head @param {(i: number) => string} unit @param {string} tail @param {number} bytes */
function filled(head, unit, tail, bytes) {
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 0; size < bytes; i++) {
    const next = unit(i);
    parts.push(next);
    size += next.length;
  }
  parts.push(tail);
  return Buffer.from(parts.join(''));
}

/** @param {http.RequestListener} handler @returns {Promise<{ server: http.Server, origin: string, host: string }>} */
async function listen(handler) {
  const server = http.createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { server, origin: `http://127.0.0.1:${address.port}`, host: `127.0.0.1:${address.port}` };
}

/**
 * Starts the hostile site and its other host.
 * @param {{ sitemaps?: number, crossHost?: number, pages?: number, bytes?: number, pageBytes?: number, flat?: boolean, pageDelayMs?: number }} [options]
 *   how many sitemaps the index lists on the site, how many on the other host (listed first), how many pages the
 *   sitemaps and links name, the size of robots.txt and of each sitemap, and of each page; `flat`: /sitemap.xml is
 *   itself one of the big sitemaps, not the index; `pageDelayMs`: each page answered that much later (a slow site,
 *   so a crawl's deadline is met on a fast machine too)
 */
export async function startHostileSite({
  sitemaps = 10,
  crossHost = 3,
  pages = 200,
  bytes = nearFiveMb,
  pageBytes = nearPageCap,
  flat = false,
  pageDelayMs = 0,
} = {}) {
  /** @type {Map<string, number>} */
  const hits = new Map();
  const other = { hits: 0, origin: '', host: '' };
  const otherServer = await listen((_req, res) => {
    other.hits++;
    res.writeHead(200, { 'Content-Type': 'application/xml' });
    res.end('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://elsewhere.example/</loc></url></urlset>');
  });
  other.origin = otherServer.origin;
  other.host = otherServer.host;

  /** @type {Map<string, { type: string, body: Buffer }>} */
  const files = new Map();
  const site = await listen((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const file = files.get(pathname) ?? (/^\/page-\d+$/.test(pathname) ? files.get('/') : undefined);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
      return;
    }
    const answer = () => {
      if (res.destroyed) return;
      res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': file.body.byteLength });
      res.end(req.method === 'HEAD' ? undefined : file.body);
    };
    const isPage = file.type.startsWith('text/html');
    if (isPage && pageDelayMs > 0) setTimeout(answer, pageDelayMs);
    else answer();
  });
  const { origin } = site;

  files.set('/robots.txt', {
    type: 'text/plain',
    body: filled(`User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`, (i) => `Disallow: /nothing-here-${i}/\n`, '', bytes),
  });
  const index = [
    ...Array.from({ length: crossHost }, (_, i) => `${other.origin}/sitemap-${i}.xml`),
    ...Array.from({ length: sitemaps }, (_, i) => `${origin}/sitemap-${i}.xml`),
  ];
  files.set('/sitemap.xml', {
    type: 'application/xml',
    body: Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${index
        .map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`)
        .join('')}</sitemapindex>`,
    ),
  });
  const urlset = filled(
    '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    (i) => `<url><loc>${origin}/page-${i % pages}</loc><lastmod>2026-01-01</lastmod></url>`,
    '</urlset>',
    bytes,
  );
  for (let i = 0; i < sitemaps; i++) files.set(`/sitemap-${i}.xml`, { type: 'application/xml', body: urlset });
  if (flat) files.set('/sitemap.xml', { type: 'application/xml', body: urlset });
  // Every page is the same ~5 MB of small elements, each linking to another page: parse5 builds a tree of all of it.
  files.set('/', {
    type: 'text/html; charset=utf-8',
    body: filled(
      '<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>A page far too big</title></head><body><h1>Big</h1>',
      (i) => `<div><p>Item ${i} <a href="/page-${i % pages}">more</a> <img src="/i.png" alt=""></p></div>`,
      '</body></html>',
      pageBytes,
    ),
  });

  return {
    origin,
    host: site.host,
    pageBytes,
    other,
    hits,
    /** Requests sent to `pathname` so far. @param {string} pathname */
    count: (pathname) => hits.get(pathname) ?? 0,
    stop: async () => {
      for (const { server } of [site, otherServer]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(() => resolve(undefined)));
      }
    },
  };
}
