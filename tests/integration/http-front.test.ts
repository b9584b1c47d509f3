/**
 * The production server's HTTP behaviour as a client sees it: static files, redirects, security headers, methods,
 * hostile requests, settings errors and a TLS-terminating reverse proxy. The built server runs as a real process.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NodeApp } from 'astro/app/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bodyReading, publicWrites, writeAdmission } from '../../src/server/platform/http/admission-limits.mjs';
import { signInLimits } from '../../src/config/admin';
import { publicEndpoints } from '../../src/config/endpoints.mjs';
import { paths } from '../../src/config/paths';
import { inlineScriptHashes } from '../../src/build/inline-scripts.mjs';
import { createFront, readCspManifest } from '../../src/server/platform/http/front.mjs';
import { createTarget, type DatabaseTarget } from '../support/databases';
import { freePort, logErrors, logLines, SiteProcess } from '../support/server';
import { until } from '../support/until';

const securityHeaders = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy', 'permissions-policy'];

function expectSecurityHeaders(response: Response, label: string) {
  for (const name of securityHeaders) expect(response.headers.get(name), `${label}: ${name}`).toBeTruthy();
  const csp = response.headers.get('content-security-policy')!;
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
  expect(scriptSrc, label).not.toMatch(/unsafe-inline|unsafe-eval/);
  for (const directive of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) expect(csp, label).toContain(directive);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
}

/** Sends raw bytes and collects everything until the server closes the socket (or the timeout). */
function raw(port: number, text: string, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
    socket.on('error', () => undefined);
  });
}

const validMessage = { name: 'Jane Smith', email: 'jane@example.com', subject: 'Website help', message: 'Please help me with SEO.' };
const json = (body: object) => JSON.stringify(body);

/** Short enough to test without long waits; the defaults (10 s, 128) are the settings' own. */
const connectionLimits = { HEADERS_TIMEOUT_MS: '2000', CONNECTIONS_PER_ADDRESS: '24' };

/** Opens a socket that sends nothing; `closedAfter` resolves with how long the server took to close it. */
function silentSocket(port: number): Promise<{ socket: net.Socket; closed: () => boolean; closedAfter: Promise<number> }> {
  return new Promise((resolve) => {
    const opened = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let isClosed = false;
    socket.on('error', () => undefined);
    const closedAfter = new Promise<number>((done) =>
      socket.on('close', () => {
        isClosed = true;
        done(Date.now() - opened);
      }),
    );
    const ready = () => resolve({ socket, closed: () => isClosed, closedAfter });
    socket.on('connect', ready);
    socket.on('close', ready);
  });
}

describe('HTTP front', () => {
  let target: DatabaseTarget;
  let site: SiteProcess;
  const get = (p: string, headers: Record<string, string> = {}) => fetch(site.base + p, { headers, redirect: 'manual' });

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget('sqlite');
    // TRUST_PROXY unset: the server faces clients directly, as the hostile-client probe did.
    site = new SiteProcess(await freePort(), {
      DATABASE_URL: target.url,
      SMTP_URL: '',
      TRUST_PROXY: '',
      HEADERS_TIMEOUT_MS: connectionLimits.HEADERS_TIMEOUT_MS,
    });
    await site.start();
  }, 60_000);

  afterAll(async () => {
    await site?.stop();
    await target?.dispose();
  });

  it('puts the security headers on a pre-rendered page, an on-demand page, an API answer, the 404 and a redirect', async () => {
    const page = await get('/about');
    expect(page.status).toBe(200);
    expectSecurityHeaders(page, 'pre-rendered page');
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');

    const onDemand = await fetch(`${site.base}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', Origin: site.base },
      body: new URLSearchParams({ name: 'J', email: 'x', subject: 's', message: 'm' }).toString(),
      redirect: 'manual',
    });
    expect(onDemand.status).toBe(400);
    expect(onDemand.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectSecurityHeaders(onDemand, 'on-demand page');
    // Exactly the inline scripts the rendered page carries are allowed.
    const html = await onDemand.text();
    const hashes = inlineScriptHashes(html);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(onDemand.headers.get('content-security-policy')).toContain(hash);

    const api = await get('/api/health');
    expect(api.status).toBe(200);
    expectSecurityHeaders(api, 'API answer');

    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
    expectSecurityHeaders(missing, '404');

    const redirect = await get('/about/');
    expect(redirect.status).toBe(301);
    expectSecurityHeaders(redirect, 'redirect');
  });

  it('serves pre-rendered files with encodings, validators, ranges and the right caching', async () => {
    const br = await get('/', { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const etag = br.headers.get('etag')!;
    expect(etag).toBeTruthy();

    const notBr = await get('/', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(notBr.headers.get('content-encoding')).toBe('gzip');
    const identity = await get('/', { 'Accept-Encoding': 'identity' });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(readFileSync('dist/client/index.html', 'utf8'));

    expect((await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': etag })).status).toBe(304);
    expect((await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': `"other", ${etag.replace(/^W\//, '')}` })).status).toBe(304);
    expect((await get('/', { 'Accept-Encoding': 'br', 'If-None-Match': '"other"' })).status).toBe(200);

    const range = await get('/robots.txt', { Range: 'bytes=0-9', 'Accept-Encoding': 'identity' });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe(readFileSync('dist/client/robots.txt', 'utf8').slice(0, 10));
    // A backwards range ended the process (sirv's file stream threw); bytes=0-0 was answered with the whole file as 206.
    for (const unsupported of ['bytes=-5', 'bytes=0-1,4-5', 'bytes=5-2', 'bytes=0-0']) {
      const whole = await get('/robots.txt', { Range: unsupported, 'Accept-Encoding': 'identity' });
      expect(whole.status, unsupported).toBe(200);
      expect(await whole.text()).toBe(readFileSync('dist/client/robots.txt', 'utf8'));
    }

    const head = await fetch(`${site.base}/about`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');

    const asset = readFileSync('dist/client/index.html', 'utf8').match(/\/_astro\/[^"')\s]+\.(?:js|css|webp|avif)/)![0];
    const immutable = await get(asset);
    expect(immutable.status).toBe(200);
    expect(immutable.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    // Scripts, styles, images and fonts carry what they need, not the document-only policy and framing headers; an
    // SVG, which a browser can open as a document, keeps them.
    const assets = readdirSync('dist/client/_astro').filter((file) => /\.(?:js|css|webp|png|woff2)$/.test(file));
    for (const extension of ['js', 'css', 'webp', 'woff2']) {
      const file = assets.find((name) => name.endsWith(`.${extension}`))!;
      const answer = await get(`/_astro/${file}`);
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get('x-content-type-options'), file).toBe('nosniff');
      expect(answer.headers.get('cross-origin-resource-policy'), file).toBe('same-origin');
      expect(answer.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
      for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy', 'strict-transport-security']) {
        expect(answer.headers.get(name), `${file}: ${name}`).toBeNull();
      }
    }
    expectSecurityHeaders(await get('/favicon.svg'), 'SVG');
  });

  it('stays up and answers normally after hostile Range headers on any built page', async () => {
    // bytes=0-99999999999999999999 ended the process: sirv handed the end as asked to its file stream, which threw.
    const hostile = [
      'bytes=0-99999999999999999999',
      'bytes=0-9007199254740992',
      `bytes=0-${'9'.repeat(400)}`,
      'bytes=99999999999999999999-',
      'bytes=99999999999999999999-99999999999999999999',
      'bytes=9007199254740992-',
      'bytes=1e3-2e3',
      'bytes=0x0-0x10',
      'bytes= 0-10',
      'bytes=0-10, 99999999999999999999-',
    ];
    for (const pathname of ['/', '/about']) {
      const file = readFileSync(`dist/client${pathname === '/' ? '/index.html' : `${pathname}/index.html`}`, 'utf8');
      for (const range of hostile) {
        const answer = await get(pathname, { Range: range, 'Accept-Encoding': 'identity' });
        expect(answer.status, `${pathname} ${range}`).toBe(200);
        expect(await answer.text(), `${pathname} ${range}`).toBe(file);
      }
      // A range that is whole numbers within 2^53 is served (the end clamped to the file), one past the file is 416.
      const safe = await get(pathname, { Range: 'bytes=0-9007199254740991', 'Accept-Encoding': 'identity' });
      expect(safe.status).toBe(206);
      expect(await safe.text()).toBe(file);
      const past = await get(pathname, { Range: 'bytes=9007199254740991-', 'Accept-Encoding': 'identity' });
      expect(past.status).toBe(416);
      await past.arrayBuffer();
    }
    // The process is alive and serves as before.
    expect((await get('/about')).status).toBe(200);
    expect((await get('/api/health')).status).toBe(200);
    expect(logErrors(site.output)).toEqual([]);
  });

  it('keeps one address per page and never redirects off the site', async () => {
    expect((await get('/404.html')).status).toBe(404);
    expect((await get('/404')).status).toBe(404);
    for (const [from, to] of [
      ['/index.html', '/'],
      ['/about/index.html', '/about'],
      ['/about/', '/about'],
      ['/about/?utm_source=x&b=2', '/about?utm_source=x&b=2'],
      ['//blog/', '/blog'],
      ['///evil.example/', '/evil.example'],
    ] as const) {
      const response = await get(from);
      expect(response.status, from).toBe(301);
      expect(response.headers.get('location'), from).toBe(to);
    }
    // Sent raw (fetch would tidy the path first). Browsers read `/\` as `//`: a backslash next to a slash counts as a
    // slash, so the answer is a path on this site.
    for (const [target, to] of [
      ['/\\evil.example/', '/evil.example'],
      ['/\\\\evil.example/', '/evil.example'],
      ['/\\/evil.example/', '/evil.example'],
      ['//\\evil.example/x/', '/evil.example/x'],
    ] as const) {
      const answer = await raw(site.port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer, target).toMatch(/^HTTP\/1\.1 301 /);
      expect(/\r\nlocation: ([^\r]*)/i.exec(answer)?.[1], target).toBe(to);
    }
    expect((await get('/index.html.br')).status).toBe(404);
    expect((await get('/about/index.html.gz')).status).toBe(404);
  });

  it('refuses unknown methods and writes to pages, and a malformed target, without a 500', async () => {
    expect(await raw(site.port, 'TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 405 Method Not Allowed/);
    expect(await raw(site.port, 'OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      expect((await fetch(`${site.base}/about`, { method })).status, method).toBe(405);
      expect((await fetch(`${site.base}/contact/sent`, { method })).status, method).toBe(405);
    }
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect(logErrors(site.output)).toEqual([]);
  });

  it('answers an API route asked with a method it does not export with 405 in JSON, naming the ones it does', async () => {
    const health = await fetch(`${site.base}/api/health`, { method: 'DELETE', headers: { Origin: site.base } });
    expect(health.status).toBe(405);
    expect(health.headers.get('allow')).toBe('GET');
    expect(health.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await health.json()).toEqual({ ok: false, error: 'This address answers GET only.' });
    const noSuchRoute = await fetch(`${site.base}/api/no-such-route`, { method: 'PUT', headers: { Origin: site.base } });
    expect(noSuchRoute.status).toBe(404);
  });

  it('keeps the on-demand image endpoint unreachable', async () => {
    for (const url of ['/_image', '/_image?href=%2F_astro%2Fx.png&w=4000&f=avif', '/_image?href=javascript:1&w=-1', '/_image/x']) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
    }
  });

  it('gives error pages a true reason phrase and a charset', async () => {
    const tooMany = await raw(
      site.port,
      `POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nAccept: text/html\r\nContent-Length: 1\r\nConnection: close\r\n\r\nx`,
    );
    expect(tooMany).toMatch(/^HTTP\/1\.1 403 Forbidden/);
    const notFound = await raw(site.port, 'GET /missing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(notFound).toMatch(/^HTTP\/1\.1 404 Not Found/);
    expect(notFound).toMatch(/content-type: text\/html; charset=utf-8/i);
  });

  it('does not let a spoofed X-Forwarded-For escape the rate limit, on any path', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      statuses.push(
        (
          await site.post('/api/contact?x', json({ ...validMessage, subject: `Spoof json ${i}` }), {
            'Content-Type': 'application/json',
            'X-Forwarded-For': `198.51.100.${i}`,
          })
        ).status,
      );
      statuses.push(
        (
          await site.post('/api/contact', new URLSearchParams({ ...validMessage, subject: `Spoof form ${i}` }).toString(), {
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'text/html',
            Origin: site.base,
            'X-Forwarded-For': `203.0.113.${i}`,
          })
        ).status,
      );
    }
    // One real client (127.0.0.1): three accepted, then refused, whatever it claims to be.
    expect(statuses).toEqual([201, 303, 201, 429]);
  });

  it('logs one JSON line per request, with its path but never its query, cookies or body', async () => {
    const secret = 'token-that-must-not-be-logged-1234';
    const enquiry = 'A private enquiry text that stays out of the log';
    await get(`/admin/reset-password?token=${secret}`);
    await site.post('/api/contact', json({ ...validMessage, message: enquiry }), {
      'Content-Type': 'application/json',
      Cookie: `hale-admin.session_token=${secret}`,
      'X-Forwarded-For': '192.0.2.7',
    });
    const lines = await until(async () => {
      const found = logLines(site.output).filter((line) => line.msg === 'request' && line.path === '/admin/reset-password');
      const posted = logLines(site.output).filter((line) => line.msg === 'request' && line.path === '/api/contact');
      return found.length > 0 && posted.length > 0 ? [...found, ...posted] : undefined;
    });
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(['address', 'bytes', 'level', 'method', 'ms', 'msg', 'path', 'pid', 'requestId', 'status', 'time'].sort());
      expect(line.address, 'the socket address: the server trusts no proxy here').toBe('127.0.0.1');
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(site.output).not.toContain(secret);
    expect(site.output).not.toContain(enquiry);
  });

  it('cuts off a client that trickles its headers, and closes after refusing a body', async () => {
    const started = Date.now();
    const socket = net.connect(site.port, '127.0.0.1');
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    socket.on('error', () => undefined);
    const drip = setInterval(() => socket.writable && socket.write('X'), 1000);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const elapsed = await closed;
    clearInterval(drip);
    expect(elapsed).toBeLessThan(Number(connectionLimits.HEADERS_TIMEOUT_MS) + 2000);

    const refusedAt = Date.now();
    const response = await raw(
      site.port,
      `POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`,
      8000,
    );
    expect(response).toMatch(/^HTTP\/1\.1 413 Payload Too Large/);
    // Closed by the server after a second of silence, not left waiting for the other 99,990 bytes until the timeout.
    expect(Date.now() - refusedAt).toBeLessThan(3000);
  }, 30_000);

  it('lets a client finish sending a refused large body, so it reads the 413 and may reuse the connection', async () => {
    // Closing at once reset the connection under a client still writing, which then saw "connection reset" instead of
    // the answer (a 10 MB cover upload failed so in CI). Here the client writes the rest after reading the 413.
    const socket = net.connect(site.port, '127.0.0.1');
    socket.on('error', () => undefined);
    let data = '';
    const received = (pattern: RegExp) => until(async () => (pattern.test(data) ? true : undefined), 5000);
    socket.on('data', (chunk) => (data += chunk.toString()));
    const size = 2 * 1024 * 1024;
    socket.write(`POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`);
    await received(/^HTTP\/1\.1 413 Payload Too Large/);
    for (let sent = 0; sent < size; sent += 64 * 1024) socket.write(Buffer.alloc(Math.min(64 * 1024, size - sent), 0x20));
    socket.write('GET /robots.txt HTTP/1.1\r\nHost: x\r\n\r\n');
    await received(/HTTP\/1\.1 200 OK[\s\S]*User-agent/i);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  }, 30_000);
});

describe('connection limits', () => {
  let target: DatabaseTarget;
  let site: SiteProcess;
  beforeAll(async () => {
    target = await createTarget('sqlite');
    // A server of its own: no other test's keep-alive connections count against the address.
    site = new SiteProcess(await freePort(), { DATABASE_URL: target.url, SMTP_URL: '', TRUST_PROXY: '', ...connectionLimits });
    await site.start();
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
    await target?.dispose();
  });

  it('closes a connection that sends nothing, and caps the connections one address holds', async () => {
    const timeoutMs = Number(connectionLimits.HEADERS_TIMEOUT_MS);
    const cap = Number(connectionLimits.CONNECTIONS_PER_ADDRESS);
    const silent = await silentSocket(site.port);
    const closedAfter = await silent.closedAfter;
    expect(closedAfter).toBeGreaterThanOrEqual(timeoutMs - 100);
    expect(closedAfter).toBeLessThan(timeoutMs + 2000);

    const held = await Promise.all(Array.from({ length: cap + 6 }, () => silentSocket(site.port)));
    // Those over the cap are closed at once; the others stay until their time to send a request is up (the first
    // socket above shows that). The test client's and the server's own start-up check may hold a keep-alive
    // connection or two from this address, so up to two more may be refused.
    await until(async () => (held.filter((h) => h.closed()).length >= 6 ? true : undefined), timeoutMs / 2);
    // A moment later, well inside the time to send a request, the rest are still open.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = held.filter((h) => h.closed()).length;
    expect(refused).toBeGreaterThanOrEqual(6);
    expect(refused).toBeLessThanOrEqual(8);
    // Once they are gone, the address is served again.
    for (const h of held) h.socket.destroy();
    await Promise.all(held.map((h) => h.closedAfter));
    // (The server frees a place when it sees the close, a moment after the client.)
    const served = await until(async () => {
      const answer = await raw(site.port, 'GET /about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      return answer.startsWith('HTTP/1.1 200 ') ? answer : undefined;
    }, 5000);
    expect(served).toMatch(/^HTTP\/1\.1 200 /);
  }, 30_000);
});

describe('settings', () => {
  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'nonsense'],
    ['TRUST_PROXY', 'maybe'],
  ])('stops start-up on %s=%s with a message naming it', (name, value) => {
    const result = spawnSync(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, [name]: value }, encoding: 'utf8', timeout: 20_000 });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(name);
    expect(result.stderr).toMatch(/must be/);
  });
});

describe('behind a TLS-terminating reverse proxy', () => {
  let target: DatabaseTarget;
  let site: SiteProcess;
  let proxy: https.Server;
  let proxyOrigin: string;
  let dir: string;

  beforeAll(async () => {
    target = await createTarget('sqlite');
    site = new SiteProcess(await freePort(), { DATABASE_URL: target.url, SMTP_URL: '', TRUST_PROXY: '1', SITE_URL: 'http://127.0.0.1' });
    await site.start();
    dir = mkdtempSync(path.join(os.tmpdir(), 'hale-tls-'));
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-days', '1', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`],
      { stdio: 'ignore' },
    );
    // What nginx or Caddy would do: terminate TLS, forward to the site with the X-Forwarded-* headers.
    proxy = https.createServer({ key: readFileSync(`${dir}/key.pem`), cert: readFileSync(`${dir}/cert.pem`) }, (req, res) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: site.port,
          method: req.method,
          path: req.url,
          headers: {
            ...req.headers,
            host: `127.0.0.1:${site.port}`,
            'x-forwarded-for': req.socket.remoteAddress,
            'x-forwarded-proto': 'https',
            'x-forwarded-host': req.headers.host,
          },
        },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    proxyOrigin = `https://127.0.0.1:${port}`;
  }, 60_000);

  afterAll(async () => {
    proxy?.close();
    await site?.stop();
    await target?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const postForm = (origin: string) =>
    new Promise<{ status: number; location?: string; hsts?: string }>((resolve, reject) => {
      const body = new URLSearchParams({ ...validMessage, subject: `Through the proxy ${origin.length}` }).toString();
      const req = https.request(
        `${proxyOrigin}/api/contact`,
        {
          method: 'POST',
          rejectUnauthorized: false,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', Origin: origin, 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, hsts: res.headers['strict-transport-security'] as string }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('accepts a same-site form post and refuses a cross-site one', async () => {
    const sameSite = await postForm(proxyOrigin);
    expect(sameSite.status).toBe(303);
    expect(sameSite.location).toBe(paths.contactSent);
    expect(sameSite.hsts).toBe('max-age=31536000; includeSubDomains');
    expect((await postForm('https://attacker.example')).status).toBe(403);
  });

  it('sends HSTS only when the request came over HTTPS', async () => {
    expect((await fetch(`${site.base}/about`)).headers.get('strict-transport-security')).toBeNull();
  });
  it('refuses a flood from one address before reading it, and a write whose client left does not keep its place', async () => {
    // Past the address's count for the minute, the front answers by itself (the app's own limit words it otherwise).
    const limit = publicWrites[publicEndpoints.contact]!.perMinute;
    const answers: { status: number; retryAfter: string | null; error: string }[] = [];
    for (let i = 0; i < limit + 5; i++) {
      const response = await site.post(publicEndpoints.contact, '{}', { 'Content-Type': 'application/json' });
      answers.push({ status: response.status, retryAfter: response.headers.get('retry-after'), error: ((await response.json()) as { error: string }).error });
    }
    const refusedByFront = answers.filter((answer) => /Too many requests from your address/.test(answer.error));
    expect(refusedByFront.length).toBeGreaterThanOrEqual(5);
    expect(answers.slice(-5)).toEqual(refusedByFront.slice(-5));
    for (const answer of refusedByFront) {
      expect(answer.status).toBe(429);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }

    // Writes that take a while (a forgotten-password request is answered no sooner than 600 ms) hold the places; more
    // arrive behind them and their clients hang up while they wait. Each left-behind write must give its place back.
    // Each from a client of its own: one client holds one place, and may ask for a reset link only so often.
    const body = JSON.stringify({ email: 'nobody@example.com' });
    let clients = 0;
    const request = () =>
      `POST /api/auth/forgot-password HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Forwarded-For: 198.51.100.${++clients}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    const slow = Array.from({ length: writeAdmission.concurrent }, () => raw(site.port, request(), 5_000));
    await Promise.all(Array.from({ length: writeAdmission.concurrent * 2 }, () => raw(site.port, request(), 20)));
    expect((await Promise.all(slow)).map((answer) => answer.split('\r\n')[0])).toEqual(Array(slow.length).fill('HTTP/1.1 200 OK'));
    const started = Date.now();
    const after = await site.post('/api/auth/forgot-password', body, { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.99' });
    expect(after.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 30_000);
});

describe('writes while one client sends slowly', () => {
  let target: DatabaseTarget;
  let site: SiteProcess;
  beforeAll(async () => {
    target = await createTarget('sqlite');
    // TRUST_PROXY: X-Forwarded-For stands for the client, so one test can be several clients.
    site = new SiteProcess(await freePort(), { DATABASE_URL: target.url, SMTP_URL: '', TRUST_PROXY: '1' });
    await site.start();
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
    await target?.dispose();
  });

  /** A POST whose body is sent one byte every `everyMs` (Content-Length 20000); resolves with all the server said. */
  function trickle(address: string, everyMs: number) {
    const socket = net.connect(site.port, '127.0.0.1');
    socket.on('error', () => undefined);
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.write(
      `POST ${publicEndpoints.contact} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Forwarded-For: ${address}\r\nContent-Length: 20000\r\n\r\n{`,
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), everyMs);
    const started = Date.now();
    return new Promise<{ answer: string; ms: number }>((resolve) => {
      const done = () => {
        clearInterval(drip);
        resolve({ answer: data, ms: Date.now() - started });
      };
      socket.on('close', done);
      socket.on('data', () => /^HTTP\/1\.1 \d{3} /.test(data) && socket.destroy());
    });
  }
  const timed = async (request: Promise<Response>) => {
    const started = Date.now();
    const response = await request;
    await response.arrayBuffer();
    return { status: response.status, ms: Date.now() - started, ended: Date.now() };
  };
  const signIn = (address: string) =>
    timed(
      site.post(publicEndpoints.signIn, JSON.stringify({ email: 'nobody@example.com', password: 'not the password at all' }), {
        'Content-Type': 'application/json',
        'X-Forwarded-For': address,
      }),
    );
  const forgot = (address: string) =>
    timed(
      site.post(publicEndpoints.forgotPassword, JSON.stringify({ email: 'nobody@example.com' }), {
        'Content-Type': 'application/json',
        'X-Forwarded-For': address,
      }),
    );

  it('answers another client’s write at once while one client trickles four bodies, and refuses those (408) at the minimum rate', async () => {
    // Four uploads from one client, a byte every half second: they held all four places until the request timeout
    // (30 s), and a sign-in from anyone waited for them.
    const slow = Array.from({ length: writeAdmission.concurrent }, () => trickle('198.51.100.20', 500));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const other = await timed(
      site.post(publicEndpoints.contact, json({ ...validMessage, subject: 'While another trickles' }), {
        'Content-Type': 'application/json',
        'X-Forwarded-For': '203.0.113.40',
      }),
    );
    expect(other.status).toBe(201);
    expect(other.ms).toBeLessThan(1000);
    // A sign-in too (it hashes a password, so it takes what that takes, not the 30 s it waited).
    const signingIn = await signIn('203.0.113.41');
    expect(signingIn.status).toBe(401);
    expect(signingIn.ms).toBeLessThan(3000);
    // The trickling client itself has no place either: its own complete write goes through meanwhile.
    const own = await forgot('198.51.100.20');
    expect(own.status).toBe(200);
    expect(own.ms).toBeLessThan(signInLimits.resetRequestAnswerMs + 1000);
    const refused = await Promise.all(slow);
    for (const { answer, ms } of refused) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
      expect(answer).toMatch(/connection: close/i);
      // Refused once the grace is over and the rate is not met, long before the 20,000 bytes or the request timeout.
      expect(ms).toBeGreaterThanOrEqual(bodyReading.graceMs - 100);
      expect(ms).toBeLessThan(bodyReading.graceMs + 3000);
    }
    expect(logErrors(site.output)).toEqual([]);
  }, 30_000);

  it('gives one client one place: its second write at once waits for its first, another client’s does not', async () => {
    // "Forgot password" answers no sooner than resetRequestAnswerMs, so a write that waited for another ends that much
    // later.
    const wait = signInLimits.resetRequestAnswerMs;
    const [first, second, other] = await Promise.all([forgot('198.51.100.30'), forgot('198.51.100.30'), forgot('203.0.113.42')]);
    expect([first.status, second.status, other.status]).toEqual([200, 200, 200]);
    const [earlier, later] = [first, second].sort((a, b) => a.ended - b.ended);
    // Side by side they ended together; one after the other, the later took both waits. (When each ended is seen by
    // this busy test process a little late, so the gap between them is checked with room to spare.)
    expect(later!.ms).toBeGreaterThanOrEqual(2 * wait - 50);
    expect(later!.ended - earlier!.ended).toBeGreaterThanOrEqual(wait / 2);
    expect(other.ms).toBeLessThan(later!.ms);
  }, 30_000);

  it('caps sign-in and the audit per client and minute, as the contact form is', async () => {
    for (const pathname of [publicEndpoints.signIn, publicEndpoints.audit]) {
      const limit = publicWrites[pathname]!.perMinute;
      const statuses: number[] = [];
      // An empty body is refused by the endpoint at once; what counts here is who answers past the count.
      for (let i = 0; i < limit + 2; i++) {
        const answer = await site.post(pathname, '{}', { 'Content-Type': 'application/json', 'X-Forwarded-For': '2001:db8:7:7::1' });
        statuses.push(answer.status);
        await answer.arrayBuffer();
      }
      expect(statuses.slice(0, limit), pathname).not.toContain(429);
      // Another address of the same /64 is the same client.
      const over = await site.post(pathname, '{}', { 'Content-Type': 'application/json', 'X-Forwarded-For': '2001:db8:7:7::2' });
      expect(over.status, pathname).toBe(429);
      expect(Number(over.headers.get('retry-after')), pathname).toBeGreaterThan(0);
      expect(((await over.json()) as { error: string }).error).toMatch(/Too many requests from your address/);
    }
  }, 30_000);
});

describe('the front in process, around a stand-in for Astro', () => {
  let server: http.Server;
  let base: string;
  const calls: string[] = [];
  const holdMs = 300;
  /** Astro's handler as the front sees it: what it does is chosen by the path. */
  const app = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const pathname = (req.url ?? '').split('?')[0]!;
    calls.push(pathname);
    if (pathname === '/api/throws') throw new Error('a handler that throws before it answers');
    if (pathname === '/api/stuck') {
      // Answers long after its place was taken back: that answer goes nowhere, and nothing throws.
      await new Promise((resolve) => setTimeout(resolve, holdMs * 2));
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      return void res.end('too late');
    }
    // The body as Astro's node handler reads it.
    const body = Buffer.from(await NodeApp.createRequest(req).arrayBuffer());
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    res.end(body);
  };

  async function start(limits: Parameters<typeof createFront>[0]['limits']) {
    const front = createFront({
      clientDir: 'dist/client',
      app,
      settings: { siteUrl: 'http://127.0.0.1', trustProxy: 1 },
      csp: readCspManifest('dist/server'),
      limits,
    });
    server = http.createServer(front);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    calls.length = 0;
  });
  const post = (pathname: string, body: BodyInit, address = '203.0.113.60') =>
    fetch(base + pathname, { method: 'POST', body, headers: { 'Content-Type': 'application/octet-stream', 'X-Forwarded-For': address } });

  it('answers 503 for a write held past holdMs, frees its place for the client’s next write, and drops the late answer', async () => {
    await start({ admission: { holdMs } });
    const started = Date.now();
    const stuck = await post('/api/stuck', 'x');
    expect(stuck.status).toBe(503);
    expect(Number(stuck.headers.get('retry-after'))).toBe(writeAdmission.retryAfterSeconds);
    expect(Date.now() - started).toBeGreaterThanOrEqual(holdMs - 20);
    // The same client's next write has the place, and Astro reads the body the front read ahead, byte for byte.
    const bytes = Buffer.from([...Array(3000).keys()].map((n) => (n * 7) % 256));
    const echoed = await post('/api/echo', bytes);
    expect(echoed.status).toBe(200);
    expect(Buffer.from(await echoed.arrayBuffer())).toEqual(bytes);
    await new Promise((resolve) => setTimeout(resolve, holdMs * 2));
    expect(calls).toEqual(['/api/stuck', '/api/echo']);
  });

  it('refuses a write that cannot wait for its turn, without handling it', async () => {
    await start({ admission: { queued: 0 } });
    expect((await post('/api/echo', 'x')).status).toBe(503);
    expect(calls).toEqual([]);
  });

  it('answers 500 for a request whose handling throws, and goes on serving', async () => {
    await start({});
    for (const request of [fetch(`${base}/api/throws`), post('/api/throws', 'x')]) {
      const answer = await request;
      expect(answer.status).toBe(500);
      await answer.arrayBuffer();
    }
    expect((await post('/api/echo', 'still here')).status).toBe(200);
  });
});
