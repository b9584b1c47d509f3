/**
 * A small site on loopback, over HTTPS (a certificate made by openssl for the test), with one planted defect of every
 * kind the site checks find, each on its own page; plus variants without robots.txt and sitemap, or with a broken
 * sitemap. `expectedRules` lists what each variant must produce, once each.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port.mjs';
import { checkBounds } from '../../src/lib/sitecheck-rules.mjs';

export type FixtureVariant = 'defects' | 'bare' | 'bad-sitemap' | 'audit';

/** The rules each variant plants, one finding each. */
export const expectedRules: Record<FixtureVariant, string[]> = {
  defects: [
    'page-unreachable',
    'http-error',
    'redirect-loop',
    'redirect-chain',
    'too-large',
    'title-missing',
    'title-too-long',
    'title-duplicate',
    'description-missing',
    'description-length',
    'description-duplicate',
    'canonical-missing',
    'canonical-invalid',
    'canonical-other-page',
    'h1-missing',
    'h1-multiple',
    'heading-skip',
    'img-alt-missing',
    'jsonld-invalid',
    'noindex-in-sitemap',
    'broken-link',
    'broken-asset',
    'mixed-content',
    'html-heavy',
    'script-heavy',
    'html-invalid',
    'orphan-page',
  ],
  bare: ['robots-missing', 'sitemap-missing'],
  'bad-sitemap': ['sitemap-invalid'],
  // A small site for the free audit: a few planted defects, a page slow enough to watch the progress, and two pages whose
  // shared title is markup (it must be shown as text).
  audit: ['title-missing', 'description-missing', 'h1-missing', 'img-alt-missing', 'broken-link', 'title-duplicate'],
};

/** The audit variant's shared title: markup that would run if a page ever rendered it as HTML. */
export const markupTitle = '<b id="injected">Bold</b><img src=x onerror="window.injected=1">';
const auditLinked = ['/good', '/no-title', '/no-description', '/no-h1', '/no-alt', '/missing', '/markup-a', '/markup-b', '/slow'];

/** Pages the home page links to; each but /good carries one defect. */
const linked = [
  '/good',
  '/long-title',
  '/no-title',
  '/no-description',
  '/short-description',
  '/no-canonical',
  '/bad-canonical',
  '/other-canonical',
  '/no-h1',
  '/two-h1',
  '/skip',
  '/no-alt',
  '/bad-jsonld',
  '/noindex',
  '/dup-a',
  '/dup-b',
  '/redirect-1',
  '/loop-a',
  '/missing',
  '/huge',
  '/slow',
  '/broken-asset',
  '/mixed',
  '/heavy-html',
  '/heavy-js',
  '/invalid-html',
  '/private',
];

/** A page's own description, within the bounds the checks set. */
const ownDescription = (pathname: string) =>
  `A fixture page at ${pathname} for the site checks, with a description long enough to sit within the bounds the checks set.`.padEnd(
    checkBounds.descriptionMin + 10,
    '.',
  );

export class FixtureSite {
  origin = '';
  private server: http.Server | null = null;
  private dir = '';
  /** Sockets of the slow page, closed on stop. */
  private readonly hanging = new Set<import('node:http').ServerResponse>();

  /**
   * @param slowMs when /slow answers; by default never (the checker's timeout must end the wait)
   * @param secure HTTPS (the default, so mixed content can be planted) or plain HTTP, for a server that must not be told
   *   to trust the test's certificate
   */
  constructor(
    readonly variant: FixtureVariant = 'defects',
    private readonly slowMs = Number.POSITIVE_INFINITY,
    private readonly secure = true,
  ) {}

  /** @param port a port chosen ahead, when a server must be told of it before the fixture starts */
  async start(port?: number): Promise<void> {
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'hale-fixture-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=127.0.0.1',
        '-days',
        '1',
        '-keyout',
        `${this.dir}/key.pem`,
        '-out',
        `${this.dir}/cert.pem`,
      ],
      { stdio: 'ignore' },
    );
    port ??= await freePort();
    this.origin = `${this.secure ? 'https' : 'http'}://127.0.0.1:${port}`;
    const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => this.handle(req.url ?? '/', res);
    this.server = this.secure
      ? https.createServer({ key: readFileSync(`${this.dir}/key.pem`), cert: readFileSync(`${this.dir}/cert.pem`) }, handler)
      : http.createServer(handler);
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** A well-formed page whose title, description and canonical are its own unless told otherwise. */
  private page(
    pathname: string,
    parts: { title?: string | null; description?: string | null; canonical?: string | null; head?: string; body?: string } = {},
  ): string {
    const title = parts.title === undefined ? `Fixture page ${pathname}` : parts.title;
    const description = parts.description === undefined ? ownDescription(pathname) : parts.description;
    const canonical = parts.canonical === undefined ? `${this.origin}${pathname}` : parts.canonical;
    return [
      '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">',
      title === null ? '' : `<title>${title}</title>`,
      description === null ? '' : `<meta name="description" content="${description}">`,
      canonical === null ? '' : `<link rel="canonical" href="${canonical}">`,
      parts.head ?? '',
      '</head><body>',
      parts.body ?? `<h1>Page ${pathname}</h1><p>Text.</p>`,
      '</body></html>',
    ].join('');
  }

  /** The audit variant's pages. */
  private auditPage(url: string, res: import('node:http').ServerResponse, html: (body: string, status?: number) => void) {
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
    switch (url) {
      case '/':
        return html(this.page('/', { body: `<h1>Audit fixture</h1><ul>${auditLinked.map((p) => `<li><a href="${p}">${p}</a></li>`).join('')}</ul>` }));
      case '/good':
        return html(this.page(url));
      case '/no-title':
        return html(this.page(url, { title: null }));
      case '/no-description':
        return html(this.page(url, { description: null }));
      case '/no-h1':
        return html(this.page(url, { body: '<p>No heading.</p>' }));
      case '/no-alt':
        return html(this.page(url, { body: '<h1>Image</h1><img src="/img.png" width="1" height="1">' }));
      case '/markup-a':
      case '/markup-b':
        // Escaped in the title element, as a real site would: the title's text is the markup itself.
        return html(this.page(url, { title: escape(markupTitle) }));
      case '/slow':
        this.hanging.add(res);
        if (Number.isFinite(this.slowMs)) setTimeout(() => html(this.page(url)), this.slowMs);
        return;
      case '/img.png':
        res.writeHead(200, { 'Content-Type': 'image/png' });
        return res.end(Buffer.from('89504e470d0a1a0a', 'hex'));
      default:
        return html('Not found', 404);
    }
  }

  private handle(url: string, res: import('node:http').ServerResponse) {
    const html = (body: string, status = 200) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const redirect = (to: string) => {
      res.writeHead(301, { Location: to });
      res.end();
    };
    const o = this.origin;
    if (url === '/robots.txt') {
      if (this.variant === 'bare') return html('Not found', 404);
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      return res.end(`User-agent: *\nDisallow: /private\n\nSitemap: ${o}/sitemap.xml\n`);
    }
    if (url === '/sitemap.xml') {
      if (this.variant === 'bare') return html('Not found', 404);
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      if (this.variant === 'bad-sitemap') return res.end('<html><body>Not a sitemap</body></html>');
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${(this.variant === 'audit'
          ? ['/', '/good']
          : ['/', '/noindex', '/orphan', '/gone']
        )
          .map((p) => `<url><loc>${o}${p}</loc></url>`)
          .join('')}</urlset>`,
      );
    }
    if (this.variant === 'audit') return this.auditPage(url, res, html);
    const links = this.variant === 'defects' ? linked.map((p) => `<li><a href="${p}">${p}</a></li>`).join('') : '<li><a href="/good">Good</a></li>';
    switch (url) {
      case '/':
        return html(this.page('/', { body: `<h1>Fixture home</h1><ul>${links}</ul>` }));
      case '/good':
      case '/orphan':
      case '/private':
        return html(this.page(url));
      case '/long-title':
        return html(this.page(url, { title: 'A title for this fixture page that runs on well past the sixty characters a result shows' }));
      case '/no-title':
        return html(this.page(url, { title: null }));
      case '/no-description':
        return html(this.page(url, { description: null }));
      case '/short-description':
        return html(this.page(url, { description: 'Too short.' }));
      case '/no-canonical':
        return html(this.page(url, { canonical: null }));
      case '/bad-canonical':
        return html(this.page(url, { canonical: '/bad-canonical' }));
      case '/other-canonical':
        // The same title and description as the page it names as canonical: not a duplicate.
        return html(this.page(url, { canonical: `${o}/good`, title: 'Fixture page /good', description: ownDescription('/good') }));
      case '/no-h1':
        return html(this.page(url, { body: '<h2>No main heading</h2><p>Text.</p>' }));
      case '/two-h1':
        return html(this.page(url, { body: '<h1>One</h1><h1>Two</h1>' }));
      case '/skip':
        return html(this.page(url, { body: '<h1>Top</h1><h3>Skipped a level</h3>' }));
      case '/no-alt':
        return html(this.page(url, { body: '<h1>Image</h1><img src="/img.png" width="1" height="1">' }));
      case '/bad-jsonld':
        return html(this.page(url, { head: '<script type="application/ld+json">{"@type": "Organization", </script>' }));
      case '/noindex':
        return html(this.page(url, { head: '<meta name="robots" content="noindex">' }));
      case '/dup-a':
      case '/dup-b':
        return html(
          this.page(url, {
            title: 'The same title on two pages',
            description: 'The same description on two pages of the fixture, long enough to sit within the bounds the site checks set for descriptions.',
          }),
        );
      case '/redirect-1':
        return redirect('/redirect-2');
      case '/redirect-2':
        return redirect('/good');
      case '/loop-a':
        return redirect('/loop-b');
      case '/loop-b':
        return redirect('/loop-a');
      case '/gone':
        return html(this.page(url), 410);
      case '/huge':
        res.writeHead(200, { 'Content-Type': 'text/html' });
        // 50 MB, streamed: the checker must stop reading at its cap.
        for (let i = 0; i < 50; i++) res.write('x'.repeat(1024 * 1024));
        return res.end();
      case '/slow':
        this.hanging.add(res);
        if (Number.isFinite(this.slowMs)) setTimeout(() => html(this.page(url)), this.slowMs);
        return;
      case '/broken-asset':
        return html(this.page(url, { body: '<h1>Broken image</h1><img src="/nope.png" alt="Nothing here">' }));
      case '/mixed':
        return html(this.page(url, { body: `<h1>Mixed</h1><img src="http://127.0.0.1:1/img.png" alt="Insecure">` }));
      case '/heavy-html':
        return html(this.page(url, { body: `<h1>Heavy</h1><p>${'word '.repeat(checkBounds.htmlWarnBytes / 5 + 1000)}</p>` }));
      case '/heavy-js':
        return html(this.page(url, { body: '<h1>Heavy script</h1><script src="/big.js"></script>' }));
      case '/big.js':
        res.writeHead(200, { 'Content-Type': 'text/javascript' });
        return res.end(`// ${'x'.repeat(320 * 1024)}\n`);
      case '/img.png':
        res.writeHead(200, { 'Content-Type': 'image/png' });
        return res.end(Buffer.from('89504e470d0a1a0a', 'hex'));
      case '/invalid-html':
        return html(
          '<!doctype html><html lang="en-GB"><head><title>Invalid</title>' +
            `<meta name="description" content="${'An invalid page. '.repeat(8)}"><link rel="canonical" href="${o}/invalid-html"></head><body><h1>Bad</h1><p class="a"class="b">Attributes run together, one of them twice.</p></body></html>`,
        );
      default:
        return html(this.page(url, { title: 'Not found' }), 404);
    }
  }
}
