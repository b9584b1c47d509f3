// Serves the pre-rendered site from memory: every file in dist/client is read once at start with its precompressed
// variants, and answered with the best encoding the client accepts, an ETag and suitable caching. Anything else
// (API routes, on-demand pages, unknown paths) falls through to Astro.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.webmanifest': 'application/manifest+json',
};

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!/\.(br|gz)$/.test(entry.name)) yield full;
  }
}

/** URL path for a built file: about/index.html → /about, index.html → /, the 404 page is not served as a file. */
function urlPathFor(relative) {
  const posix = relative.split(path.sep).join('/');
  if (posix === 'index.html') return '/';
  if (posix.endsWith('/index.html')) return `/${posix.slice(0, -'/index.html'.length)}`;
  return `/${posix}`;
}

export function loadStaticFiles(root) {
  const files = new Map();
  for (const full of walk(root)) {
    const relative = path.relative(root, full);
    if (relative === '404.html') continue;
    const body = readFileSync(full);
    const ext = path.extname(full);
    const immutable = relative.startsWith(`_astro${path.sep}`);
    files.set(urlPathFor(relative), {
      type: types[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      cacheControl: immutable ? 'public, max-age=31536000, immutable' : ext === '.html' ? 'public, max-age=0, must-revalidate' : 'public, max-age=3600',
      variants: {
        identity: body,
        br: existsSync(`${full}.br`) ? readFileSync(`${full}.br`) : null,
        gzip: existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`) : null,
      },
    });
  }
  return files;
}

function pickEncoding(acceptEncoding, variants) {
  if (variants.br && /\bbr\b/.test(acceptEncoding)) return 'br';
  if (variants.gzip && /\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return 'identity';
}

/** Returns true when it answered the request. */
export function serveStatic(files, req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = decodeURIComponent((req.url ?? '/').split('?')[0]);
  if (pathname.length > 1 && pathname.endsWith('/') && files.has(pathname.slice(0, -1))) {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    res.writeHead(301, { Location: pathname.slice(0, -1) + query });
    res.end();
    return true;
  }
  const file = files.get(pathname);
  if (!file) return false;
  const encoding = pickEncoding(String(req.headers['accept-encoding'] ?? ''), file.variants);
  const etag = encoding === 'identity' ? file.etag : `${file.etag.slice(0, -1)}-${encoding}"`;
  const headers = { 'Content-Type': file.type, 'Cache-Control': file.cacheControl, ETag: etag, Vary: 'Accept-Encoding' };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const body = file.variants[encoding];
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
