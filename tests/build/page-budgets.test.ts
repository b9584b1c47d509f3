/**
 * A content page's first visit stays within its budgets (src/build/page-budgets.mjs): the requests it makes until the
 * network is quiet, the page itself included, and the bytes of JavaScript it is sent, as Lighthouse counts them
 * (each response's encoded length with its headers, from Chromium's own network events). The built server is driven
 * by headless Chromium, which runs the deferred entry after the first paint as a visitor's browser does; nothing is
 * pressed, so what a visitor only gets on a press (the accessibility panel, the late stylesheet) is not counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pageBudgets } from '../../src/build/page-budgets.mjs';
import { chromiumArgs, ensureChromium } from '../../scripts/browser.mjs';
import { freePort, SiteProcess } from '../support/server';

/** Pages of each kind: a service, the contact form, a post with a cover, a case study, a landing page. */
const contentPages = ['/services/seo', '/contact', '/blog/local-seo-mistakes', '/project/corporate-redesign', '/hertfordshire-seo'];

let site: SiteProcess;
let dataDir: string;
let browser: Browser;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'page-budgets-'));
  site = new SiteProcess(await freePort(), { DATABASE_URL: `file:${path.join(dataDir, 'site.db')}`, SMTP_URL: '' });
  await site.start();
  browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Seen {
  url: string;
  type: string;
  bytes: number | null;
}

/** Every request of one first visit (a fresh context: nothing cached), once each has finished or failed. */
async function firstVisit(route: string): Promise<Seen[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    // The beacon keeps quiet for a browser driven by automation (navigator.webdriver); a visitor's, and Lighthouse's,
    // is not: counted as theirs.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const seen = new Map<string, Seen>();
    cdp.on('Network.requestWillBeSent', (e) => seen.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', bytes: null }));
    cdp.on('Network.loadingFinished', (e) => {
      const request = seen.get(e.requestId);
      if (request) request.bytes = e.encodedDataLength;
    });
    cdp.on('Network.loadingFailed', (e) => {
      const request = seen.get(e.requestId);
      if (request) request.bytes = 0;
    });
    await cdp.send('Network.enable');
    await page.goto(`${site.base}${route}`, { waitUntil: 'networkidle' });
    // The entry has run what it runs at load: the beacon's Web Vitals module is the last thing it fetches.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/web-vitals.')));
    await page.waitForLoadState('networkidle');
    await expect.poll(() => [...seen.values()].every((request) => request.bytes !== null)).toBe(true);
    return [...seen.values()];
  } finally {
    await context.close();
  }
}

it('a content page makes no more requests and is sent no more JavaScript than its budgets', async () => {
  const measured = [];
  for (const route of contentPages) {
    const requests = await firstVisit(route);
    // Lighthouse's Chrome also fetches the page's icon; headless Chromium under Playwright may not: counted either way.
    const icon = requests.some((request) => new URL(request.url).pathname === '/favicon.svg') ? 0 : 1;
    const scripts = requests.filter((request) => request.type === 'Script');
    measured.push({
      route,
      requests: requests.length + icon,
      scriptBytes: scripts.reduce((sum, request) => sum + (request.bytes ?? 0), 0),
      scripts: scripts.map((request) => new URL(request.url).pathname.replace('/_astro/', '')).join(' '),
    });
  }
  console.table(measured);
  for (const page of measured) {
    expect(page.requests, `${page.route}: requests`).toBeLessThanOrEqual(pageBudgets.requests);
    expect(page.scriptBytes, `${page.route}: bytes of JavaScript`).toBeLessThanOrEqual(pageBudgets.scriptBytes);
  }
}, 240_000);
