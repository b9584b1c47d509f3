import { expect, test } from '@playwright/test';
import { expectedRoutes } from '../support/routes';
import { e2ePostPrefix, siteOrigin, sitemapPaths } from '../support/e2e-helpers';

const today = new Date().toISOString().slice(0, 10);

test('the sitemap lists exactly the public routes, with absolute URLs, lastmod and priorities', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><priority>([^<]+)<\/priority><\/url>/g)];
  expect(entries.length).toBe(xml.match(/<url>/g)?.length);
  for (const [, loc, lastmod, priority] of entries) {
    expect(loc!.startsWith(`${siteOrigin}/`)).toBe(true);
    expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(lastmod! <= today).toBe(true);
    const path = new URL(loc!).pathname;
    const want = path === '/' ? '1.0' : /services|local-business/.test(path) ? '0.9' : path.startsWith('/blog') ? '0.7' : '0.8';
    expect(priority, path).toBe(want);
  }
  expect((await sitemapPaths(request)).sort()).toEqual(expectedRoutes.map((r) => r.path).sort());
});

test('robots.txt allows crawling and points at the sitemap; the RSS feed lists every post', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('User-agent: *');
  expect(robots).toContain(`Sitemap: ${siteOrigin}/sitemap.xml`);
  const rss = await request.get('/rss.xml');
  expect(rss.status()).toBe(200);
  const feed = await rss.text();
  const postPaths = expectedRoutes.filter((r) => r.path.startsWith('/blog/')).map((r) => `${siteOrigin}${r.path}`);
  for (const link of postPaths) expect(feed).toContain(`<link>${link}</link>`);
  const items = [...feed.matchAll(/<link>([^<]+)<\/link>/g)]
    .map((m) => m[1]!)
    .filter((link) => link.includes('/blog/') && !link.startsWith(siteOrigin + e2ePostPrefix));
  expect(items.length).toBe(postPaths.length);
});

test('an unknown path answers 404 with a page that leads home', async ({ page }) => {
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText(/could not be found/i);
  await expect(page.locator('main a[href="/"]')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('crawling from home reaches every sitemap route, and no internal link or asset is broken', async ({ page, request }) => {
  test.setTimeout(180_000);
  const queue = ['/'];
  const seenPages = new Set<string>();
  const checkedResources = new Map<string, number>();
  const indexable = new Set<string>();
  while (queue.length) {
    const path = queue.shift()!;
    if (seenPages.has(path)) continue;
    seenPages.add(path);
    const response = await page.goto(path);
    expect(response?.status(), `page ${path}`).toBe(200);
    const robots = await page.evaluate(() => document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null);
    if (!robots?.includes('noindex')) indexable.add(path);
    const refs = await page.$$eval('a[href], link[href], img[src], script[src], source[srcset]', (els) =>
      els.map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('srcset')?.split(' ')[0] ?? ''),
    );
    for (const ref of refs) {
      const url = new URL(ref, page.url());
      if (url.origin !== new URL(page.url()).origin) continue;
      const target = url.pathname + url.search;
      if (!checkedResources.has(target)) {
        const status = (await request.get(target, { maxRedirects: 0 })).status();
        checkedResources.set(target, status);
        expect(status, `${target} linked from ${path}`).toBe(200);
      }
      const contentLike = !/\.[a-z0-9]+$/i.test(url.pathname);
      // The posts spec's posts come and go while this runs; it tests them.
      if (contentLike && !seenPages.has(url.pathname) && !url.pathname.startsWith(e2ePostPrefix)) queue.push(url.pathname);
    }
  }
  expect([...indexable].sort()).toEqual((await sitemapPaths(request)).sort());
});
