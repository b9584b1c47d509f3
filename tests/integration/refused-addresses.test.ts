/**
 * Addresses the site refuses, through the built server, on SQLite and PostgreSQL (issue 39, findings 9 and 10):
 *  - an encoded dot segment (`/blog/%2e%2e`, which the router's URL resolved to the home page, built, so it could not
 *    render it: an empty 500 and two plain-text error lines) is the site's 404 page, with one JSON log line;
 *  - a report link's address with a trailing slash redirects as privately as the link's page is answered;
 *  - a made-up report link (the page's or the PDF's address) is the site's 404 page as built, served from memory after
 *    one look-up of the token's hash, with the report page's headers: no page is rendered for it.
 */
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorPages } from '../../src/config/pages';
import { reportPaths, reportText } from '../../src/config/report';
import { tokenHash } from '../../src/server/features/report/store';
import type { Db } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { createTarget, databaseNames, openTarget, type DatabaseTarget } from '../support/databases';
import { freePort, logErrors, logLines, SiteProcess } from '../support/server';

/** Sends one request as written (fetch would resolve the dot segments first) and reads the answer until close. */
function raw(port: number, target: string): Promise<{ head: string; body: Buffer }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      resolve({ head: all.subarray(0, end).toString('latin1'), body: all.subarray(end + 4) });
    });
  });
}

const header = (head: string, name: string) => new RegExp(`\\r\\n${name}: ([^\\r]*)`, 'i').exec(head)?.[1];

describe.each(databaseNames())('addresses the site refuses, on %s', (name) => {
  let target: DatabaseTarget;
  let site: SiteProcess;
  let db: Db;
  const builtNotFound = readFileSync('dist/client/404.html');

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    ({ db } = await openTarget(target));
    await migrateToLatest(db, name);
    site = new SiteProcess(await freePort(), { DATABASE_URL: target.url, SMTP_URL: '', TRUST_PROXY: '' });
    await site.start();
  }, 60_000);

  afterAll(async () => {
    await site?.stop();
    await db?.destroy();
    await target?.dispose();
  });

  it('answers an encoded dot segment with the 404 page and one JSON log line, never a 500', async () => {
    for (const path of ['/blog/%2e%2e', '/reports/%2e%2e', '/project/%2e%2e', '/services/%2e%2e', '/blog/%2E%2E/about', '/blog/%2e']) {
      const logged = site.output.length;
      const answer = await raw(site.port, path);
      expect(answer.head, path).toMatch(/^HTTP\/1\.1 404 Not Found/);
      expect(header(answer.head, 'content-type'), path).toBe('text/html; charset=utf-8');
      expect(answer.body.equals(builtNotFound), path).toBe(true);
      // Its log line is written when the answer ends: waited for, then nothing else (no plain-text error lines).
      await new Promise<void>((resolve) => {
        const check = () => (site.output.length > logged && site.output.endsWith('\n') ? resolve() : setTimeout(check, 10));
        check();
      });
      const lines = site.output.slice(logged).trim().split('\n');
      expect(lines, path).toHaveLength(1);
      expect(logLines(lines[0]!)[0], path).toMatchObject({ status: 404, path });
    }
    expect(logErrors(site.output)).toEqual([]);
  });

  it('redirects a report link with a trailing slash as privately as the link is answered', async () => {
    const token = 'a'.repeat(43);
    for (const [from, to] of [
      [`${reportPaths.shared(token)}/`, reportPaths.shared(token)],
      [`${reportPaths.sharedPdf(token)}/`, reportPaths.sharedPdf(token)],
    ] as const) {
      const answer = await fetch(site.base + from, { redirect: 'manual' });
      expect(answer.status, from).toBe(301);
      expect(answer.headers.get('location'), from).toBe(to);
      expect(answer.headers.get('cache-control'), from).toBe('private, no-store');
      expect(answer.headers.get('x-robots-tag'), from).toBe('noindex, nofollow');
      expect(answer.headers.get('referrer-policy'), from).toBe('no-referrer');
    }
    // Any other page's redirect is still cached as before.
    expect((await fetch(`${site.base}/about/`, { redirect: 'manual' })).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers a made-up report link with the 404 page as built, from memory, with the report page’s headers', async () => {
    for (const address of [reportPaths.shared('b'.repeat(43)), reportPaths.sharedPdf('c'.repeat(43)), reportPaths.shared('too-short')]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const answer = await fetch(site.base + address, { headers: { 'Accept-Encoding': encoding } });
        const label = `${address} ${encoding}`;
        expect(answer.status, label).toBe(404);
        expect(answer.headers.get('content-encoding') ?? 'identity', label).toBe(encoding);
        expect(answer.headers.get('cache-control'), label).toBe('private, no-store');
        expect(answer.headers.get('x-robots-tag'), label).toBe('noindex, nofollow');
        expect(answer.headers.get('referrer-policy'), label).toBe('no-referrer');
        // fetch decodes it: the page as the build wrote it, byte for byte (a page rendered for the link is another).
        expect(Buffer.from(await answer.arrayBuffer()).equals(builtNotFound), label).toBe(true);
      }
    }
    expect(logErrors(site.output)).toEqual([]);
  });

  it('answers links that are gone with one 410 page, kept after the first and naming no token, with the link’s headers', async () => {
    const tokens = ['d'.repeat(43), 'e'.repeat(43)];
    for (const token of tokens) {
      await db
        .insertInto('report_links')
        .values({ token_hash: tokenHash(token), report_id: 'a-report', created_at: Date.now() - 2000, expires_at: Date.now() - 1000, revoked_at: null })
        .execute();
    }
    const pages: string[] = [];
    for (const address of [reportPaths.shared(tokens[0]!), reportPaths.sharedPdf(tokens[0]!), reportPaths.shared(tokens[1]!)]) {
      const answer = await fetch(site.base + address);
      expect(answer.status, address).toBe(errorPages.reportGone.status);
      expect(answer.headers.get('cache-control'), address).toBe('private, no-store');
      expect(answer.headers.get('x-robots-tag'), address).toBe('noindex, nofollow');
      expect(answer.headers.get('referrer-policy'), address).toBe('no-referrer');
      const html = await answer.text();
      expect(html, address).toContain(reportText.linkGone);
      for (const token of tokens) expect(html, address).not.toContain(token);
      pages.push(html);
    }
    expect(new Set(pages).size).toBe(1);
    expect(logErrors(site.output)).toEqual([]);
  });
});
