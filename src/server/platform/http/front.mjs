// The HTTP front of the production server: what every request meets before Astro. It fixes up what clients may not
// decide (their address, forwarded protocol and host, accepted encodings), refuses malformed requests, puts the security
// headers on every response, serves the pre-rendered files with sirv, and hands everything else to Astro's router.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { isLocalPath } from '../../../lib/local-path.mjs';
import { clientAddress } from './client-address.mjs';
import { contentSecurityPolicy } from './csp.mjs';
import { builtPaths } from './page-path.mjs';

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Admission control for writes. Each event-loop turn serves every socket with data ready, so a hundred posts in
 * flight make a page read wait for a hundred posts' work. Only this many writes run at once; the others wait,
 * unread, in arrival order (none is refused), so pages stay fast during a flood and the writes' throughput is the same.
 */
const concurrentWrites = 4;

function createGate(limit) {
  let running = 0;
  const waiting = [];
  const leave = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    /** Calls `run` when a place is free; the place is released when `res` closes. */
    enter(res, run) {
      const start = () => {
        res.once('close', leave);
        run();
      };
      if (running < limit) {
        running++;
        start();
      } else {
        waiting.push(start);
      }
    },
  };
}
const staticMethods = 'GET, HEAD';

/**
 * Codings the client accepts, honouring q-values ("br;q=0" means no brotli), as a plain list sirv and compression
 * read correctly.
 * @param {string | undefined} header
 */
function acceptedEncodings(header) {
  const accepted = [];
  for (const part of (header ?? '').split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (q === undefined || Number(q) > 0) accepted.push(coding.trim());
  }
  return accepted.join(', ');
}

/**
 * Pathname a request should be redirected to (301), or null. Redirects never leave the site: a backslash next to a
 * slash counts as a slash (browsers read `/\\host` as `//host`), runs of them become one, and what is left is checked.
 */
export function canonicalRedirect(pathname) {
  let clean = pathname.replace(/\/[/\\]+/g, '/');
  clean = clean.replace(/\/index(\.html)?$/, '/');
  if (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1);
  if (clean === pathname) return null;
  return isLocalPath(clean) ? clean : '/';
}

/** If-None-Match lists several tags, or "*"; a weak comparison is what GET needs (RFC 9110 §13.1.2). */
function matchesIfNoneMatch(header, etag) {
  if (!header || !etag) return false;
  const opaque = (tag) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * @param {object} options
 * @param {string} options.clientDir dist/client
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>} options.app Astro's request handler
 * @param {{ siteUrl: string, trustProxy: number }} options.settings
 * @param {{ path: string, key: string } | null} [options.keyFile] IndexNow's proof of ownership: the key, as plain text, at
 *   this path
 * @param {{ frameSrc: string[], pages: Record<string, string[]> }} options.csp from dist/server/csp.json
 */
export function createFront({ clientDir, app, settings, csp, keyFile = null }) {
  const staticPaths = new Set(builtPaths(clientDir).map((file) => file.path));
  const siteIsHttps = settings.siteUrl.startsWith('https:');
  const basePolicy = contentSecurityPolicy({ frameSrc: csp.frameSrc });
  /** @type {Map<string, string>} */
  const pagePolicies = new Map(
    Object.entries(csp.pages).map(([page, hashes]) => [page, contentSecurityPolicy({ scriptHashes: hashes, frameSrc: csp.frameSrc })]),
  );
  const compress = compression({ threshold: 1024 });
  const writes = createGate(concurrentWrites);
  // Astro answers unknown paths with this page, so what it renders is allowed the 404 page's scripts.
  const notFoundPolicy = pagePolicies.get('/404') ?? basePolicy;
  const notFoundPage = readFileSync(path.join(clientDir, '404.html'));

  const serveFile = sirv(clientDir, {
    etag: true,
    brotli: true,
    gzip: true,
    extensions: ['html'],
    // sirv passes the request's pathname: '/about' for about/index.html.
    setHeaders(res, pathname) {
      const pagePolicy = pagePolicies.get(pathname);
      if (pagePolicy) {
        res.setHeader('Content-Security-Policy', pagePolicy);
        // Kept, but checked with the server (ETag) before each use; 'no-cache' says it in the fewest of a page's bytes.
        res.setHeader('Cache-Control', 'no-cache');
      } else if (pathname.startsWith('/_astro/')) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'public, max-age=3600');
      }
    },
  });

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  function plain(res, status, text, headers = {}) {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
    res.end(`${text}\n`);
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  return function handle(req, res) {
    // Every response: the right reason phrase and a charset on HTML, whoever writes it (Astro, sirv, us).
    const writeHead = res.writeHead;
    res.writeHead = function (status, ...rest) {
      res.statusMessage = http.STATUS_CODES[status] ?? 'Unknown';
      const type = res.getHeader('content-type');
      const headers = rest.find((item) => item && typeof item === 'object' && !Array.isArray(item));
      const headerType = headers && Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type');
      if (headerType && /^text\/html\s*$/i.test(String(headerType[1]))) headers[headerType[0]] = 'text/html; charset=utf-8';
      else if (!headerType && typeof type === 'string' && /^text\/html\s*$/i.test(type)) res.setHeader('Content-Type', 'text/html; charset=utf-8');
      return writeHead.call(this, status, ...rest);
    };
    // A response sent before the body was read (413, 415, an early 4xx) closes the connection rather than leaving
    // the socket waiting for, or reading, the rest.
    res.once('finish', () => {
      if (!req.complete) req.destroy();
    });

    const trusted = settings.trustProxy > 0;
    const https =
      siteIsHttps ||
      (trusted &&
        String(req.headers['x-forwarded-proto'] ?? '')
          .split(',')[0]
          ?.trim() === 'https');
    res.setHeader('Content-Security-Policy', basePolicy);
    if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');

    if (!req.url?.startsWith('/')) return plain(res, 400, 'Bad request.');
    if (!knownMethods.has(req.method ?? '')) return plain(res, 405, 'Method not allowed.', { Allow: [...knownMethods].join(', ') });

    // Astro believes these headers; only a trusted proxy may set them. The client address is resolved once, here,
    // and handed on as the only X-Forwarded-For value, so Astro's clientAddress is the one every limit uses.
    req.headers['x-forwarded-for'] = clientAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress, settings.trustProxy);
    if (!trusted) {
      delete req.headers['x-forwarded-proto'];
      delete req.headers['x-forwarded-host'];
      delete req.headers['x-forwarded-port'];
    }
    const encodings = acceptedEncodings(req.headers['accept-encoding']);
    if (encodings) req.headers['accept-encoding'] = encodings;
    else delete req.headers['accept-encoding'];

    const queryAt = req.url.indexOf('?');
    const rawPath = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : req.url.slice(queryAt);
    let pathname;
    try {
      pathname = decodeURI(rawPath);
    } catch {
      return plain(res, 400, 'Bad request: the address is not valid.');
    }

    if (req.method === 'GET' || req.method === 'HEAD') {
      const redirect = canonicalRedirect(rawPath);
      if (redirect !== null) {
        res.writeHead(301, { Location: redirect + query, 'Cache-Control': 'public, max-age=3600' });
        return res.end();
      }
    }

    if (keyFile && pathname === keyFile.path) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed.', { Allow: staticMethods });
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
      return res.end(req.method === 'HEAD' ? undefined : keyFile.key);
    }
    if (staticPaths.has(pathname)) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed.', { Allow: staticMethods });
      // sirv reads only `bytes=a-b` correctly (it would answer `bytes=-500` with the first 501 bytes): any other
      // Range is ignored, which HTTP allows, and the whole file is sent.
      if (req.headers.range && !/^bytes=\d+-\d*$/.test(req.headers.range)) delete req.headers.range;
      // sirv compares If-None-Match exactly; a list or a weak tag is answered 304 here when it names the file sent.
      const ifNoneMatch = req.headers['if-none-match'];
      delete req.headers['if-none-match'];
      if (ifNoneMatch) {
        const writeFileHead = res.writeHead;
        res.writeHead = function (status, ...rest) {
          const headers = rest.find((item) => item && typeof item === 'object') ?? {};
          if (status === 200 && matchesIfNoneMatch(ifNoneMatch, headers.ETag)) {
            const { 'Content-Length': _length, 'Content-Encoding': encoding, ...kept } = headers;
            return writeFileHead.call(this, 304, { ...kept, ...(encoding && { 'Content-Encoding': encoding }) });
          }
          return writeFileHead.call(this, status, ...rest);
        };
      }
      return serveFile(req, res, () => app(req, res));
    }
    // The error page's own addresses are not pages of the site.
    if (pathname === '/404' || pathname === '/404.html') {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': notFoundPolicy });
      return res.end(req.method === 'HEAD' ? undefined : notFoundPage);
    }
    res.setHeader('Content-Security-Policy', notFoundPolicy);
    // Outside /api/, pages are read, not written to.
    if (!pathname.startsWith('/api/') && !['GET', 'HEAD', 'POST'].includes(req.method ?? '')) {
      return plain(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD, POST' });
    }
    const render = () => compress(req, res, () => void app(req, res));
    if (req.method === 'GET' || req.method === 'HEAD') render();
    else writes.enter(res, render);
  };
}

/** The build's CSP manifest (written by astro.config.mjs at the end of the build). */
export function readCspManifest(serverDir) {
  return JSON.parse(readFileSync(path.join(serverDir, 'csp.json'), 'utf8'));
}
