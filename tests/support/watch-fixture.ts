/**
 * A client's site for the watch tests, on loopback over HTTPS with a certificate from a CA made for the test
 * (openssl, at test time): a home page, two pages, robots.txt and a sitemap, and switches the test flips to break it
 * one way at a time — a title removed, a page answering 500, a noindex added, a redirect loop, a certificate that
 * expires in 2 days, the whole site down — and back.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port.mjs';

export interface WatchFixtureState {
  titleRemoved: boolean;
  page500: boolean;
  noindex: boolean;
  loop: boolean;
  /** The home page redirects in a loop: the site cannot be opened at all. */
  homeLoop: boolean;
  shortCertificate: boolean;
  /** A certificate with 10 days left: a warning, not yet urgent. */
  warnCertificate: boolean;
  down: boolean;
}

/** The fixture's pages: each links to every one of them, and the sitemap lists them all. */
export const fixturePages = ['/', '/about', '/services'] as const;
/** The page `titleRemoved` and `noindex` change, and the one `page500` and `loop` break. */
export const fixtureChanged = { title: '/about', noindex: '/about', broken: '/services' } as const;

export const healthy: WatchFixtureState = {
  titleRemoved: false,
  page500: false,
  noindex: false,
  loop: false,
  homeLoop: false,
  shortCertificate: false,
  warnCertificate: false,
  down: false,
};

/** A CA, and leaf certificates for 127.0.0.1 (or the names given) signed by it that are valid for `days`. */
export class TestCa {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'hale-watch-ca-'));
  readonly cert: string;
  private readonly openssl = (args: string[]) => execFileSync('openssl', args, { cwd: this.dir, stdio: 'ignore' });

  constructor() {
    this.openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=Hale watch test CA', '-days', '30', '-keyout', 'ca.key', '-out', 'ca.pem']);
    this.cert = readFileSync(path.join(this.dir, 'ca.pem'), 'utf8');
  }

  leaf(name: string, days: number, altNames = 'IP:127.0.0.1'): { key: string; cert: string } {
    writeFileSync(path.join(this.dir, `${name}.ext`), `subjectAltName=${altNames}\nbasicConstraints=CA:FALSE\n`);
    this.openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', `${name}.key`, '-out', `${name}.csr`]);
    this.openssl([
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      String(days),
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ]);
    return { key: readFileSync(path.join(this.dir, `${name}.key`), 'utf8'), cert: readFileSync(path.join(this.dir, `${name}.pem`), 'utf8') };
  }

  dispose() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export class WatchFixture {
  origin = '';
  state: WatchFixtureState = { ...healthy };
  private server: https.Server | null = null;
  private readonly long: { key: string; cert: string };
  private readonly short: { key: string; cert: string };
  private readonly warn: { key: string; cert: string };
  /** Home page requests held until `release()` (a check the test keeps running); null: answered at once. */
  private heldHome: (() => void)[] | null = null;

  /** Holds the home page's answers from now, so a check waits on it until `release()`. */
  holdHome() {
    this.heldHome = [];
  }

  /** How many home page requests are held now. */
  get homeRequestsHeld() {
    return this.heldHome?.length ?? 0;
  }

  /** Answers the held requests, and the next ones at once. */
  release() {
    const held = this.heldHome ?? [];
    this.heldHome = null;
    for (const answer of held) answer();
  }

  constructor(readonly ca: TestCa) {
    this.long = ca.leaf('long', 30);
    this.short = ca.leaf('short', 2);
    this.warn = ca.leaf('warn', 10);
  }

  async start(): Promise<void> {
    const port = await freePort();
    this.origin = `https://127.0.0.1:${port}`;
    this.server = https.createServer(this.long, (req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  /** Flips the switches; the certificate is swapped for new connections. */
  set(change: Partial<WatchFixtureState>) {
    this.state = { ...this.state, ...change };
    this.server?.setSecureContext(this.state.shortCertificate ? this.short : this.state.warnCertificate ? this.warn : this.long);
    this.server?.closeAllConnections();
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private page(pathname: string, { title = `Watch fixture ${pathname}`, head = '' }: { title?: string | null; head?: string } = {}) {
    const description = `The page at ${pathname} of the site the watch tests look after, with a description long enough for the checks.`;
    const links = fixturePages.map((p) => `<a href="${p}">${p}</a>`).join(' ');
    return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8">${title === null ? '' : `<title>${title}</title>`}<meta name="description" content="${description}"><link rel="canonical" href="${this.origin}${pathname}">${head}</head><body><h1>Page ${pathname}</h1><nav>${links}</nav></body></html>`;
  }

  private handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
    if (req.url === '/' && this.heldHome) {
      this.heldHome.push(() => this.handle(req, res));
      return;
    }
    const s = this.state;
    if (s.down) return req.socket.destroy();
    const html = (body: string, status = 200) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    switch (req.url) {
      case '/robots.txt':
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return res.end(`User-agent: *\nAllow: /\n\nSitemap: ${this.origin}/sitemap.xml\n`);
      case '/sitemap.xml':
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${fixturePages.map((p) => `<url><loc>${this.origin}${p}</loc></url>`).join('')}</urlset>`,
        );
      case '/':
        if (s.homeLoop) {
          res.writeHead(302, { Location: '/home-loop' });
          return res.end();
        }
        return html(this.page('/'));
      case '/home-loop':
        res.writeHead(302, { Location: '/' });
        return res.end();
      case '/about':
        return html(this.page('/about', { title: s.titleRemoved ? null : undefined, head: s.noindex ? '<meta name="robots" content="noindex">' : '' }));
      case '/services':
        if (s.loop) {
          res.writeHead(302, { Location: '/services-loop' });
          return res.end();
        }
        return s.page500 ? html('<h1>Server error</h1>', 500) : html(this.page('/services'));
      case '/services-loop':
        res.writeHead(302, { Location: '/services' });
        return res.end();
      default:
        return html(this.page('/missing', { title: 'Not found' }), 404);
    }
  }
}

/** A webhook receiver (Slack-, Discord- or ntfy-like) that keeps the JSON it is sent; it can be made to fail. */
export class WebhookSink {
  readonly received: Record<string, unknown>[] = [];
  failing = false;
  url = '';
  private server: import('node:http').Server | null = null;

  async start() {
    const http = await import('node:http');
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (this.failing) {
          res.writeHead(503, { 'Retry-After': '1' });
          return res.end();
        }
        this.received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as import('node:net').AddressInfo;
    this.url = `http://127.0.0.1:${address.port}/hooks/alerts`;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/**
 * A client's site at https://www.localhost (names under .localhost are loopback: RFC 6761) on a free port, its apex
 * https://localhost on the same port, and its plain-http address on another free port, for the availability check's
 * redirects: http:// to https://, and the other host name to the site's. The test switches either redirect off.
 */
export class RedirectFixture {
  state = { httpRedirects: true, apexRedirects: true };
  httpsPort = 0;
  httpPort = 0;
  private secure: https.Server | null = null;
  private plain: import('node:http').Server | null = null;

  constructor(private readonly ca: TestCa) {}

  get origin() {
    return `https://www.localhost:${this.httpsPort}`;
  }

  /** The host:port pairs the address guard must allow (SITE_CHECK_ALLOW_HOSTS in a server). */
  get hosts() {
    return [`www.localhost:${this.httpsPort}`, `localhost:${this.httpsPort}`, `www.localhost:${this.httpPort}`];
  }

  set(change: Partial<RedirectFixture['state']>) {
    this.state = { ...this.state, ...change };
  }

  async start() {
    const http = await import('node:http');
    [this.httpsPort, this.httpPort] = [await freePort(), await freePort()];
    const page = `<!doctype html><html lang="en-GB"><head><title>Redirect shop</title></head><body><h1>Redirect shop</h1></body></html>`;
    const moved = (res: import('node:http').ServerResponse, url = '/') => {
      res.writeHead(301, { Location: `${this.origin}${url}` });
      res.end();
    };
    this.secure = https.createServer(this.ca.leaf('redirect', 30, 'DNS:www.localhost,DNS:localhost,IP:127.0.0.1'), (req, res) => {
      if (!req.headers.host?.startsWith('www.') && this.state.apexRedirects) return moved(res, req.url);
      if (req.url === '/robots.txt') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return res.end(`User-agent: *\nAllow: /\n\nSitemap: ${this.origin}/sitemap.xml\n`);
      }
      if (req.url === '/sitemap.xml') {
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${this.origin}/</loc></url></urlset>`,
        );
      }
      res.writeHead(req.url === '/' ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(page);
    });
    this.plain = http.createServer((req, res) => {
      if (this.state.httpRedirects) return moved(res, req.url);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(page);
    });
    await Promise.all([
      new Promise<void>((resolve) => this.secure!.listen(this.httpsPort, '127.0.0.1', resolve)),
      new Promise<void>((resolve) => this.plain!.listen(this.httpPort, '127.0.0.1', resolve)),
    ]);
  }

  async stop() {
    for (const server of [this.secure, this.plain]) {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
  }
}
