/**
 * Every page arrives in the server's first round trip: its brotli HTML (dist/client/**.html.br, as scripts/precompress.mjs
 * wrote it) plus the response headers the built server really sends with it (the front's headers and the page's CSP,
 * read byte for byte off the socket) fit in the first congestion window, with room to spare (firstWindowSpareBytes). The blog, rendered on demand, and the error
 * page an unknown address gets are measured as the server sends them. The home page is the one exception: with everything the specification puts on it (services,
 * pricing, projects, reviews, FAQ, the contact form) its HTML alone is about 22 KB brotli, more than the window.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { firstWindowBytes, firstWindowSpareBytes } from '../../src/server/platform/http/compression.mjs';
import { settings } from '../../src/config/settings.mjs';
import { pagePathFor } from '../../src/build/page-path.mjs';
import { builtFiles, clientDir } from '../support/built-site';
import { onDemandRoutes } from '../support/routes';
import { freePort, SiteProcess } from '../support/server';

const siteOrigin = settings().siteUrl;

const exceptions = new Set(['/']);

let site: SiteProcess;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'first-window-'));
  // The public origin the build was made for: an https site also sends Strict-Transport-Security, as in production.
  site = new SiteProcess(await freePort(), { DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`, SITE_URL: siteOrigin, SMTP_URL: '', TRUST_PROXY: '' });
  await site.start();
});
afterAll(async () => {
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One GET as a browser sends it (keep-alive, brotli accepted): the header block's bytes and the body's. */
function fetchRaw(pathname: string): Promise<{ status: number; headerBytes: number; linkBytes: number; bodyBytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(site.port, '127.0.0.1', () =>
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${site.port}\r\nAccept: text/html\r\nAccept-Encoding: gzip, deflate, br, zstd\r\n\r\n`),
    );
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = received.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? NaN);
      const chunked = /\r\ntransfer-encoding: *chunked/i.test(head);
      const body = received.subarray(end + 4);
      // A kept or built page is sent with its length; a chunked one ends with its last chunk.
      if ((Number.isFinite(length) && body.length >= length) || (chunked && body.toString('latin1').endsWith('0\r\n\r\n'))) {
        socket.destroy();
        resolve({
          status: Number(head.split(' ')[1]),
          headerBytes: end + 4,
          linkBytes: /\r\nlink: [^\r]*/i.exec(head)?.[0].length ?? 0,
          bodyBytes: Number.isFinite(length) ? length : body.length,
          encoding: /\r\ncontent-encoding: *(\S+)/i.exec(head)?.[1] ?? '',
        });
      }
    });
    socket.on('error', reject);
  });
}

it('every page but the home page fits, with its headers, in the first congestion window with room to spare', async () => {
  const pages = builtFiles('.html.br')
    .map((file) => ({ path: pagePathFor(path.relative(clientDir, file).replace(/\.br$/, '')), htmlBytes: readFileSync(file).length as number | null }))
    // The error page is what an unknown address is answered with (rendered, compressed as it is sent): measured so.
    .filter((page) => page.path !== '/404');
  const asServed = [...onDemandRoutes, '/no-such-page'].map((route) => ({ path: route, htmlBytes: null }));
  const measured = [];
  for (const page of [...pages, ...asServed]) {
    const answer = await fetchRaw(page.path);
    expect(answer.encoding, page.path).toBe('br');
    // The server sends the build's brotli copy itself (a page rendered on demand: what it compressed).
    if (page.htmlBytes !== null) expect(answer.bodyBytes, page.path).toBe(page.htmlBytes);
    measured.push({
      path: page.path,
      status: answer.status,
      html: answer.bodyBytes,
      headers: answer.headerBytes,
      total: answer.bodyBytes + answer.headerBytes,
      spare: firstWindowBytes - answer.bodyBytes - answer.headerBytes,
      // A cover's preload header (src/build/preload.mjs) is spent from the spare on purpose: it buys the page's largest
      // paint a round trip. The page must still fit, and keep the spare without it.
      link: answer.linkBytes,
    });
  }
  console.table(measured.sort((a, b) => b.total - a.total));
  expect(measured.length).toBeGreaterThan(30);
  const over = measured.filter((page) => !exceptions.has(page.path) && (page.spare + page.link < firstWindowSpareBytes || page.spare < 0));
  expect(over, `less than ${firstWindowSpareBytes} of the window's ${firstWindowBytes} bytes to spare`).toEqual([]);
});
