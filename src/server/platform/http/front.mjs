// @ts-check
// The HTTP front of the production server: what every request meets before Astro. It fixes up what clients may not
// decide (their address, forwarded protocol and host, accepted encodings), refuses malformed requests, puts the security
// headers on every response, serves the pre-rendered files with sirv, and hands everything else to Astro's router.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import compression from 'compression';
import fresh from 'fresh';
import sirv from 'sirv';
import { isLocalPath } from '../../../lib/local-path.mjs';
import { sharedReportHeaders, sharedReportPrefix } from '../../../config/report-path.mjs';
import { bodyReading, publicWrites, renderTurns, writeAdmission } from './admission-limits.mjs';
import { createAdmission } from './admission.mjs';
import { createBodyBudget, readBody, replayBody } from './body.mjs';
import { createWriteTurns } from './write-turns.mjs';
import { createRenderTurns } from './render-turns.mjs';
import { memoryFiles } from './memory-files.mjs';
import { clientAddress } from './client-address.mjs';
import { clientKey } from '../address-range.mjs';
import { contentSecurityPolicy } from './csp.mjs';
import { errorField, log } from '../log.mjs';
import { inertFile, staticHeaders } from './caddy-static.mjs';
import { builtPaths } from './page-path.mjs';
import { handoffs, intakesKey, unknownLinksKey } from '../handoff.mjs';
import { acceptedEncodings, drainedBodyBytes, dropRestOfBody, logRequest, muteLateAnswer, usableRange } from './exchange.mjs';

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const staticMethods = 'GET, HEAD';
/** A `.` or `..` path segment (after decoding). */
const dotSegment = /(?:^|\/)\.{1,2}(?:\/|$)/;
/** Built files up to this size are answered from memory (memory-files.mjs); the build's largest script is ~200 KB. */
const memoryFileMaxBytes = 1024 * 1024;

const documentOnlyHeaders = ['Content-Security-Policy', ...Object.keys(staticHeaders.document)];

/**
 * Pathname a request should be redirected to (301), or null. Redirects never leave the site: a backslash next to a
 * slash counts as a slash (browsers read `/\\host` as `//host`), runs of them become one, and what is left is checked.
 */
/** @param {string} pathname */
export function canonicalRedirect(pathname) {
  let clean = pathname.replace(/\/[/\\]+/g, '/');
  clean = clean.replace(/\/index(\.html)?$/, '/');
  if (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1);
  if (clean === pathname) return null;
  return isLocalPath(clean) ? clean : '/';
}

/**
 * @param {object} options
 * @param {string} options.clientDir dist/client
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>} options.app Astro's request handler
 * @param {{ siteUrl: string, trustProxy: number }} options.settings
 * @param {{ path: string, key: string } | null} [options.keyFile] IndexNow's proof of ownership: the key, as plain text, at
 *   this path
 * @param {{ frameSrc: string[], pages: Record<string, string[]>, links?: Record<string, string> }} options.csp from dist/server/csp.json
 * @param {{ admission?: Partial<typeof writeAdmission>, bodyReading?: Partial<typeof bodyReading> }} [options.limits]
 *   the numbers of admission-limits.mjs, for a test that cannot wait for the real ones
 */
export function createFront({ clientDir, app, settings, csp, keyFile = null, limits = {} }) {
  const admission = { ...writeAdmission, ...limits.admission };
  const reading = { ...bodyReading, ...limits.bodyReading };
  const staticPaths = new Set(builtPaths(clientDir).map((file) => file.path));
  const siteIsHttps = settings.siteUrl.startsWith('https:');
  const basePolicy = contentSecurityPolicy({ frameSrc: csp.frameSrc });
  /** @type {Map<string, string>} */
  const pagePolicies = new Map(
    Object.entries(csp.pages).map(([page, hashes]) => [page, contentSecurityPolicy({ scriptHashes: hashes, frameSrc: csp.frameSrc })]),
  );
  // compression is Express middleware; it needs nothing of Express's request or response beyond Node's.
  const compress = /** @type {(req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void} */ (
    /** @type {unknown} */ (compression({ threshold: 1024 }))
  );
  const writes = createAdmission({ perClient: publicWrites, ...admission });
  const bodyBudget = createBodyBudget(reading);
  // Astro answers unknown paths with this page, so what it renders is allowed the 404 page's scripts.
  const notFoundPolicy = pagePolicies.get('/404') ?? basePolicy;
  const notFoundPage = readFileSync(path.join(clientDir, '404.html'));
  // Its compressed copies (scripts/precompress.mjs), so a refusal answered here is as small as a page.
  const notFoundEncoded = Object.fromEntries(
    ['br', 'gzip'].flatMap((coding) => {
      const file = path.join(clientDir, `404.html.${coding === 'br' ? 'br' : 'gz'}`);
      return existsSync(file) ? [[coding, readFileSync(file)]] : [];
    }),
  );

  const serveFile = memoryFiles(
    sirv(clientDir, {
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
          res.setHeader('Cache-Control', staticHeaders.page['Cache-Control']);
          // The page's largest paint, when it is an image (a post's cover), asked for with the page (src/build/preload.mjs).
          const link = csp.links?.[pathname];
          if (link) res.setHeader('Link', link);
        } else if (pathname.startsWith('/_astro/')) {
          res.setHeader('Cache-Control', staticHeaders.hashedAsset['Cache-Control']);
        } else {
          res.setHeader('Cache-Control', staticHeaders.other['Cache-Control']);
        }
      },
    }),
    { maxBytes: memoryFileMaxBytes },
  );

  /**
   * The site's 404 page, as built, in the encoding the client prefers (the front has listed those it accepts).
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {Record<string, string>} [headers]
   */
  function notFound(req, res, headers = {}) {
    const accepted = String(req.headers['accept-encoding'] ?? '').split(', ');
    const coding = ['br', 'gzip'].find((name) => accepted.includes(name) && notFoundEncoded[name]);
    const body = (coding && notFoundEncoded[coding]) || notFoundPage;
    res.writeHead(404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': notFoundPolicy,
      'Content-Length': body.length,
      Vary: 'Accept-Encoding',
      ...(coding && { 'Content-Encoding': coding }),
      ...headers,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * A report link that is no link at all (a made-up token) is answered here, from its token's hash, with the 404 page
   * from memory; anything else, or before the runtime has said how to tell, is rendered.
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {string} pathname @param {() => void} render
   */
  function refuseUnknownLink(req, res, pathname, render) {
    const unknown = pathname.startsWith(sharedReportPrefix) ? handoffs[unknownLinksKey]?.[sharedReportPrefix] : undefined;
    if (!unknown) return render();
    unknown(pathname.slice(sharedReportPrefix.length)).then(
      (refused) => guarded(req, res, () => (refused ? notFound(req, res, sharedReportHeaders) : render())),
      // The database did not answer: the route says so.
      () => guarded(req, res, render),
    );
  }

  /** @param {http.ServerResponse} res @param {number} status @param {string} text @param {Record<string, string>} [headers] */
  function plain(res, status, text, headers = {}) {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
    res.end(`${text}\n`);
  }

  const renders = createRenderTurns(renderTurns);
  const writeTurns = createWriteTurns({ budgetMs: admission.turnBudgetMs, limit: admission.queued, perClient: admission.queuedPerClient });

  /**
   * Reads first (write-turns.mjs): GET and HEAD are handled now, any other request in the writes' turns, or refused
   * as busy when too many wait. A write whose client left while it waited is not handled.
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res
   */
  return function handle(req, res) {
    if (req.method === 'GET' || req.method === 'HEAD') return guarded(req, res, () => handleNow(req, res));
    const arrived = performance.now();
    const client = clientKey(clientAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress, settings.trustProxy));
    const queued = writeTurns.add(() => {
      if (!res.destroyed && !req.socket.destroyed) guarded(req, res, () => handleNow(req, res, arrived));
    }, client);
    if (queued !== 'queued') guarded(req, res, () => handleNow(req, res, arrived, queued === 'full' ? writes.busy : writes.crowding));
  };

  /**
   * The last resort: an exception while the front handles a request is that request's 500 (or its connection closed,
   * when the answer had begun), never the end of the process. Causes are fixed where they are found; this only keeps
   * the next one from taking every visitor's requests with it.
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {() => void} work
   */
  function guarded(req, res, work) {
    try {
      work();
    } catch (error) {
      failed(req, res, error);
    }
  }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {unknown} error */
  function failed(req, res, error) {
    log.error({ ...errorField(error), method: req.method, path: (req.url ?? '').split('?')[0]?.slice(0, 300) }, 'request failed');
    try {
      if (!res.headersSent) return plain(res, 500, 'Internal error.', { Connection: 'close' });
    } catch {
      // The answer could not be written either: the connection goes.
    }
    res.destroy();
  }

  /**
   * A refusal in the API's own words for a script; a browser posting a form without JavaScript gets a sentence.
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {import('./admission.mjs').Refusal} refusal
   * @param {boolean} [close] the connection is closed after the answer (the rest of the body is not wanted)
   */
  function refuse(req, res, refusal, close = false) {
    const headers = { 'Retry-After': String(refusal.retryAfterSeconds), ...(close && { Connection: 'close' }) };
    if ((req.headers.accept ?? '').includes('text/html')) return plain(res, refusal.status, refusal.message, headers);
    res.writeHead(refusal.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
    res.end(JSON.stringify({ ok: false, error: refusal.message }));
  }

  /**
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res
   * @param {number} [arrived] when the request came (a write may have waited for its turn)
   * @param {import('./admission.mjs').Refusal | null} [refused] the write could not wait for its turn: this answer
   */
  function handleNow(req, res, arrived = performance.now(), refused = null) {
    logRequest(req, res, settings.trustProxy > 0, arrived);
    /** Called when the answer begins (a write's place is then free for the next). @type {(() => void) | null} */
    let answerBegins = null;
    // Every response: the right reason phrase and a charset on text, whoever writes it (Astro, sirv, us).
    const writeHead = /** @type {(this: http.ServerResponse, status: number, ...rest: any[]) => http.ServerResponse} */ (res.writeHead);
    res.writeHead = function (status, ...rest) {
      answerBegins?.();
      res.statusMessage = http.STATUS_CODES[status] ?? 'Unknown';
      const type = res.getHeader('content-type');
      const headers = /** @type {Record<string, unknown> | undefined} */ (rest.find((item) => item && typeof item === 'object' && !Array.isArray(item)));
      const headerType = headers && Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type');
      // Text without a charset says UTF-8 (every text file of the site is), as Caddy says it of the same files.
      const withCharset = (/** @type {string} */ value) => (/^text\/[\w.+-]+\s*$/i.test(value) ? `${value.trim()}; charset=utf-8` : null);
      const fixed = headerType ? withCharset(String(headerType[1])) : typeof type === 'string' ? withCharset(type) : null;
      if (fixed && headerType) headers[headerType[0]] = fixed;
      else if (fixed) res.setHeader('Content-Type', fixed);
      return writeHead.call(this, status, ...rest);
    };
    // A response sent before the body was read (413, an early 4xx): a small body is read and dropped (Node does it), a
    // large one within bounds (dropRestOfBody). Either way a connection whose body ends stays open, so a proxy's reused
    // connection is not cut under its next request; one that trickles or never ends is closed without waiting for it.
    res.once('finish', () => {
      if (!req.complete && !(Number(req.headers['content-length']) <= drainedBodyBytes)) dropRestOfBody(req);
    });

    const trusted = settings.trustProxy > 0;
    const https =
      siteIsHttps ||
      (trusted &&
        String(req.headers['x-forwarded-proto'] ?? '')
          .split(',')[0]
          ?.trim() === 'https');
    for (const [name, value] of Object.entries(staticHeaders.every)) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', basePolicy);
    for (const [name, value] of Object.entries(staticHeaders.document)) {
      if (name !== 'Strict-Transport-Security' || https) res.setHeader(name, value);
    }

    // Astro believes these headers; only a trusted proxy may set them. The client address is resolved once, here,
    // and handed on as the only X-Forwarded-For value, so Astro's clientAddress is the one every limit uses.
    req.headers['x-forwarded-for'] = clientAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress, settings.trustProxy);
    if (!trusted) {
      delete req.headers['x-forwarded-proto'];
      delete req.headers['x-forwarded-host'];
      delete req.headers['x-forwarded-port'];
    }
    if (!req.url?.startsWith('/')) return plain(res, 400, 'Bad request.');
    if (!knownMethods.has(req.method ?? '')) return plain(res, 405, 'Method not allowed.', { Allow: [...knownMethods].join(', ') });

    const encodings = acceptedEncodings(req);
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
        // A report link's token is in the address: its redirect is as private as its page.
        const headers = redirect.startsWith(sharedReportPrefix) ? sharedReportHeaders : { 'Cache-Control': 'public, max-age=3600' };
        res.writeHead(301, { Location: redirect + query, ...headers });
        return res.end();
      }
    }
    // A dot segment, sent encoded (`/blog/%2e%2e`): the router's URL would resolve it to another page (the home page,
    // built, which the router cannot render: an empty 500). No page of the site has one.
    if (dotSegment.test(pathname)) return notFound(req, res);

    if (keyFile && pathname === keyFile.path) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed.', { Allow: staticMethods });
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
      return res.end(req.method === 'HEAD' ? undefined : keyFile.key);
    }
    if (staticPaths.has(pathname)) {
      // A script, style, image or font is never a document: it needs caching, nosniff and CORP, not the policy and
      // framing headers (about 650 bytes a response, ten times over on a page).
      if (inertFile.test(pathname)) for (const name of documentOnlyHeaders) res.removeHeader(name);
      if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed.', { Allow: staticMethods });
      // sirv reads only `bytes=a-b` with b ≥ a and b > 0 correctly (`bytes=-500` gave the first 501 bytes, `bytes=0-0`
      // the whole file as a 206, and `bytes=5-2` or an end past 2^53 threw and ended the process): any other Range is
      // ignored, which HTTP allows, and the whole file is sent.
      if (req.headers.range && !usableRange(req.headers.range)) delete req.headers.range;
      // sirv compares If-None-Match exactly; a list or a weak tag is answered 304 here (fresh: weak comparison, as
      // GET needs) when it names the file sent.
      const ifNoneMatch = req.headers['if-none-match'];
      delete req.headers['if-none-match'];
      if (ifNoneMatch) {
        const writeFileHead = /** @type {(this: http.ServerResponse, status: number, ...rest: any[]) => http.ServerResponse} */ (res.writeHead);
        res.writeHead = function (status, ...rest) {
          const headers = /** @type {Record<string, string>} */ (rest.find((item) => item && typeof item === 'object') ?? {});
          if (status === 200 && headers.ETag && fresh({ 'if-none-match': ifNoneMatch }, { etag: headers.ETag })) {
            const { 'Content-Length': _length, 'Content-Encoding': encoding, ...kept } = headers;
            return writeFileHead.call(this, 304, { ...kept, ...(encoding && { 'Content-Encoding': encoding }) });
          }
          return writeFileHead.call(this, status, ...rest);
        };
      }
      return serveFile(req, res, () => void Promise.resolve(app(req, res)).catch((error) => failed(req, res, error)));
    }
    // The error page's own addresses are not pages of the site.
    if (pathname === '/404' || pathname === '/404.html') return notFound(req, res);
    res.setHeader('Content-Security-Policy', notFoundPolicy);
    // Outside /api/, pages are read, not written to.
    if (!pathname.startsWith('/api/') && !['GET', 'HEAD', 'POST'].includes(req.method ?? '')) {
      return plain(res, 405, 'Method not allowed.', { Allow: 'GET, HEAD, POST' });
    }
    const render = () => compress(req, res, () => void app(req, res).catch((error) => failed(req, res, error)));
    const address = String(req.headers['x-forwarded-for']);
    if (req.method === 'GET' || req.method === 'HEAD') {
      // A read rendered on demand takes its client's turn (render-turns.mjs): one client's flood waits for itself.
      const turn = renders.run(clientKey(address), (done) => {
        // A client that left while its read waited is not answered.
        if (res.destroyed || req.socket.destroyed) return done();
        res.once('close', done);
        // A stream (the audit's progress, open for minutes) frees its turn once its head is sent: two of them would
        // otherwise hold both of the client's turns, and every other page of theirs would wait until they ended.
        const writeHead = /** @type {(this: http.ServerResponse, status: number, ...rest: any[]) => http.ServerResponse} */ (res.writeHead);
        res.writeHead = function (status, ...args) {
          const result = writeHead.call(this, status, ...args);
          // The head's own headers are merged into the response's (the front set some already), so they read back.
          if (String(res.getHeader('content-type') ?? '').startsWith('text/event-stream') || res.getHeader('x-accel-buffering') === 'no') done();
          return result;
        };
        guarded(req, res, () => refuseUnknownLink(req, res, pathname, render));
      });
      if (turn === 'refused') refuse(req, res, writes.crowding);
      return;
    }
    // An endpoint that only queues in memory takes a cookieless request here, without the router or a write's place.
    const intake = req.method === 'POST' && !req.headers.cookie ? handoffs[intakesKey]?.[pathname] : undefined;
    // A write is judged before its body is read (admission.mjs): refusing must cost less than accepting. (One refused
    // its turn was handled all the same when within its minute: `(refused ?? intake) ? …` read the wrong way round.)
    const refusal = refused ?? (intake ? writes.clientRefusal(pathname, address) : writes.refusal(pathname, address));
    if (refusal) return refuse(req, res, refusal);
    if (intake) {
      const host = String(req.headers['x-forwarded-host'] ?? req.headers.host ?? '');
      void intake(req, address, host).then(
        (answer) => {
          res.writeHead(answer.status, answer.headers);
          res.end(answer.text);
        },
        (error) => {
          log.error(errorField(error), 'intake failed');
          if (!res.headersSent) plain(res, 500, 'Internal error.');
        },
      );
      return;
    }
    // The body is read before the write asks for a place (body.mjs): a client that sends slowly holds its connection,
    // never a place, and is refused (408) once it falls below the minimum rate.
    void readBody(req, {
      maxBytes: reading.maxBytes,
      graceMs: reading.graceMs,
      minBytesPerSecond: reading.minBytesPerSecond,
      client: clientKey(address),
      budget: bodyBudget,
    })
      .then((read) => {
        if (read.outcome === 'gone') return;
        if (read.outcome !== 'read') {
          const refusal = read.outcome === 'slow' ? writes.slowBody : read.outcome === 'client-budget' ? writes.crowding : writes.busy;
          return guarded(req, res, () => refuse(req, res, refusal, true));
        }
        // Bodies read side by side all pass the check before reading; the line takes this client's share only.
        if (writes.crowded(address)) {
          read.release();
          return guarded(req, res, () => refuse(req, res, writes.crowding, !read.complete));
        }
        replayBody(req, read.chunks, read.complete);
        res.once('close', read.release);
        return writes.run(
          address,
          () =>
            new Promise((resolve) => {
              // A client that left while its write waited is not answered: its place goes to the next one at once.
              if (res.destroyed || req.socket.destroyed) return resolve(undefined);
              // The place is free again when the answer begins (what is left is sending it) or the client goes away.
              answerBegins = () => resolve(undefined);
              res.once('close', resolve);
              guarded(req, res, render);
            }),
          () => {
            // Held too long without an answer: the client is told the site is busy, and whatever the handler answers
            // later goes nowhere (its work, if it finishes, is kept).
            if (res.headersSent || res.destroyed) return;
            guarded(req, res, () => refuse(req, res, writes.busy, true));
            muteLateAnswer(res);
          },
        );
      })
      .catch((error) => failed(req, res, error));
  }
}

/** The build's CSP manifest (written by astro.config.mjs at the end of the build). */
/** @param {string} serverDir */
export function readCspManifest(serverDir) {
  return JSON.parse(readFileSync(path.join(serverDir, 'csp.json'), 'utf8'));
}
