/**
 * `npm run serve:proxied`: Caddy terminating HTTPS in front of the app, as production runs it. One https:// line on
 * standard output; pages over HTTP/2-capable TLS with HSTS and brotli; the app trusts the proxy for the protocol (the
 * admin's cookies become __Secure-) and the client address; SIGTERM stops both processes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminScript } from '../support/admin-account';
import { freePort, SiteProcess } from '../support/server';
import { until } from '../support/until';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('serve:proxied', () => {
  let child: ChildProcess;
  let origin = '';
  let ca: Buffer;
  let output = '';
  let errors = '';
  let dir: string;
  let databaseUrl: string;

  const request = (pathname: string, options: https.RequestOptions = {}, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const req = https.request(`${origin}${pathname}`, { ca, ...options }, (response) => {
        let text = '';
        response.setEncoding('latin1');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    dir = mkdtempSync(path.join(os.tmpdir(), 'hale-proxied-'));
    databaseUrl = `file:${path.join(dir, 'site.db')}`;
    child = spawn(process.execPath, ['scripts/serve-proxied.mjs'], { env: { ...process.env, DATABASE_URL: databaseUrl, SMTP_URL: '' } });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
    origin = await until(async () => {
      if (child.exitCode !== null) throw new Error(`serve:proxied exited: ${errors}`);
      return /^https:\/\/127\.0\.0\.1:\d+$/m.exec(output)?.[0];
    }, 60_000);
    // Standard error is a separate pipe: its line can arrive after the address on standard output.
    const certificate = await until(async () => /Caddy's root certificate: (\S+)\)/.exec(errors)?.[1], 10_000);
    ca = readFileSync(certificate);
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints one line, the https:// address, and serves pages over HTTPS with HSTS and brotli', async () => {
    expect(output.trim().split('\n')).toEqual([origin]);
    const home = await request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(home.status).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(home.headers['server']).toBe('Caddy');
    expect(home.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await request('/no-such-page-here')).status).toBe(404);
  });

  it('is trusted as one proxy: the admin cookie is __Secure- over HTTPS, and the log has the client address and a request id', async () => {
    expect(runAdminScript('create', 'owner@example.com', 'owner long passphrase for tests', databaseUrl).stderr).toBe('');
    const body = JSON.stringify({ email: 'owner@example.com', password: 'owner long passphrase for tests' });
    const signIn = await request('/api/auth/sign-in', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin } }, body);
    expect(signIn.status).toBe(200);
    const cookies = (signIn.headers['set-cookie'] ?? []) as string[];
    expect(cookies.some((cookie) => /^__Secure-hale-admin\.session_token=.*; Secure/.test(cookie))).toBe(true);
    const line = await until(
      async () =>
        errors
          .split('\n')
          .filter((l) => l.startsWith('{') && l.includes('"path":"/api/auth/sign-in"'))
          .map((l) => JSON.parse(l) as { address: string; requestId: string })[0],
    );
    expect(line.address).toBe('127.0.0.1');
    expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the built files itself with the headers the app sends, and hands everything else to the app', async () => {
    const direct = new SiteProcess(await freePort(), { DATABASE_URL: `file:${path.join(dir, 'direct.db')}`, SMTP_URL: '' });
    await direct.start();
    try {
      // Transport and validators differ by server (HTTP/2 framing, each server's own ETag); everything else must not.
      const transport = new Set([
        'date',
        'server',
        'etag',
        'last-modified',
        'accept-ranges',
        'content-length',
        'connection',
        'keep-alive',
        'transfer-encoding',
        'alt-svc',
        'x-request-id',
      ]);
      const comparable = (headers: Record<string, string | string[] | undefined>) =>
        Object.fromEntries(
          Object.entries(headers)
            .filter(([name]) => !transport.has(name))
            // A media type's parameters read the same with or without a space after the semicolon (sirv omits it).
            .map(([name, value]) => [name, name === 'content-type' ? String(value).replace(/;\s*/g, '; ') : value])
            .sort(([a], [b]) => String(a).localeCompare(String(b))),
        );
      const directGet = async (pathname: string, headers: Record<string, string>, method = 'GET') => {
        const response = await fetch(`${direct.base}${pathname}`, { method, headers, redirect: 'manual' });
        await response.arrayBuffer();
        return { status: response.status, headers: Object.fromEntries(response.headers) };
      };
      const asset = (pattern: RegExp) => `/_astro/${readdirSync('dist/client/_astro').find((file) => pattern.test(file))}`;
      const kinds: [string, string, Record<string, string>, string?][] = [
        ['page, brotli', '/about', { 'Accept-Encoding': 'br' }],
        ['post with a cover', '/blog/local-seo-mistakes', { 'Accept-Encoding': 'br' }],
        ['home page, gzip', '/', { 'Accept-Encoding': 'gzip' }],
        ['page, no encoding', '/contact', { 'Accept-Encoding': 'identity' }],
        ['page, HEAD', '/services', { 'Accept-Encoding': 'br' }, 'HEAD'],
        ['script', asset(/\.js$/), { 'Accept-Encoding': 'br' }],
        ['stylesheet', asset(/\.css$/), { 'Accept-Encoding': 'br' }],
        ['image', asset(/\.webp$/), { 'Accept-Encoding': 'identity' }],
        ['font', asset(/\.woff2$/), { 'Accept-Encoding': 'identity' }],
        ['robots.txt', '/robots.txt', { 'Accept-Encoding': 'identity' }],
        ['sitemap', '/sitemap.xml', { 'Accept-Encoding': 'br' }],
        ['SVG', '/favicon.svg', { 'Accept-Encoding': 'identity' }],
        ['404', '/no-such-page-here', { 'Accept-Encoding': 'br' }],
        ['redirect', '/about/', { 'Accept-Encoding': 'identity' }],
        ['API', '/api/health', { 'Accept-Encoding': 'identity' }],
        ['write to a page', '/about', { 'Accept-Encoding': 'identity' }, 'POST'],
      ];
      for (const [kind, pathname, headers, method = 'GET'] of kinds) {
        const proxied = await request(pathname, { method, headers });
        const plain = await directGet(pathname, headers, method);
        expect.soft(proxied.status, kind).toBe(plain.status);
        expect.soft(comparable(proxied.headers), kind).toEqual(comparable(plain.headers));
      }
      // The built files came from Caddy's file server (its validators are strong; the app's are weak).
      for (const pathname of ['/about', asset(/\.js$/), '/robots.txt']) expect((await request(pathname)).headers.etag, pathname).toMatch(/^"/);
      expect((await directGet('/about', {})).headers.etag).toMatch(/^W\//);
      // A repeat visit: each server's own validator answers 304.
      const first = await request('/about', { headers: { 'Accept-Encoding': 'br' } });
      expect((await request('/about', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': String(first.headers.etag) } })).status).toBe(304);
    } finally {
      await direct.stop();
    }
  });

  it("asks for a built post's cover with the page: a Link preload header from the app and from Caddy", async () => {
    const html = readFileSync('dist/client/blog/local-seo-mistakes/index.html', 'utf8');
    const [, type, srcset, sizes] = /<picture><source type="([^"]+)" srcSet="([^"]+)" sizes="([^"]+)"/i.exec(html) ?? [];
    expect(srcset, 'the built post has a cover').toBeTruthy();
    const expected = `<${srcset!.split(' ')[0]}>; rel=preload; as=image; type="${type}"; imagesrcset="${srcset}"; imagesizes="${sizes}"; fetchpriority=high`;
    const direct = new SiteProcess(await freePort(), { DATABASE_URL: `file:${path.join(dir, 'direct-link.db')}`, SMTP_URL: '' });
    await direct.start();
    try {
      const plain = await fetch(`${direct.base}/blog/local-seo-mistakes`);
      await plain.arrayBuffer();
      expect(plain.headers.get('link')).toBe(expected);
      expect((await fetch(`${direct.base}/about`)).headers.get('link')).toBeNull();
    } finally {
      await direct.stop();
    }
    const proxied = await request('/blog/local-seo-mistakes', { headers: { 'Accept-Encoding': 'br' } });
    expect(proxied.headers.link).toBe(expected);
    expect((await request('/about')).headers.link).toBeUndefined();
  });

  it('stops both the app and Caddy on SIGTERM', async () => {
    const port = new URL(origin).port;
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    await expect(request('/')).rejects.toThrow();
    expect(port).not.toBe('');
  });
});
