import { expect, test } from '@playwright/test';
import { expectedRoutes } from './routes';
import { parseJsonLd, siteOrigin, sitemapPaths } from './helpers';
import { socialCardPath } from '../../src/seo/urls';

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
  expect(feed.match(/<item>/g)?.length).toBe(postPaths.length);
});

test('an unknown path answers 404 with a page that leads home', async ({ page }) => {
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText(/could not be found/i);
  await expect(page.locator('main a[href="/"]')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('every route has its own head tags, one h1, valid JSON-LD and matching breadcrumbs', async ({ page }) => {
  test.setTimeout(120_000);
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const route of expectedRoutes) {
    const response = await page.goto(route.path);
    expect(response?.status(), route.path).toBe(200);

    const title = await page.title();
    expect(title.length, `${route.path} title`).toBeGreaterThan(10);
    expect(title.length, `${route.path} title ≤ 60`).toBeLessThanOrEqual(60);
    expect(titles.has(title), `${route.path} title unique`).toBe(false);
    titles.add(title);

    const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
    expect(description.length, `${route.path} description`).toBeGreaterThanOrEqual(50);
    expect(description.length, `${route.path} description ≤ 160`).toBeLessThanOrEqual(160);
    expect(descriptions.has(description), `${route.path} description unique`).toBe(false);
    descriptions.add(description);

    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /maximum-scale=5/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', route.path === '/' ? `${siteOrigin}/` : `${siteOrigin}${route.path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    // Its own card (tests/build/social-cards.test.ts checks every card's file, size and difference).
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${siteOrigin}${socialCardPath(route.path)}`);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('h1'), `${route.path} has one h1`).toHaveCount(1);
    // Headings never skip a level on the way down (h1 then h3 with no h2 between).
    const levels = await page.$$eval('h1, h2, h3, h4, h5, h6', (els) => els.map((el) => Number(el.tagName[1])));
    levels.forEach((level, i) => {
      if (i > 0) expect(level, `${route.path}: heading ${i + 1} is h${level} after h${levels[i - 1]}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });

    const nodes = parseJsonLd(await page.locator('script[type="application/ld+json"]').allTextContents());
    for (const node of nodes) expect(node['@context'], route.path).toBe('https://schema.org');
    const types = nodes.map((n) => n['@type']);
    expect(types, route.path).toContain('ProfessionalService');
    for (const type of route.types) expect(types, `${route.path} has ${type}`).toContain(type);
    // Only pages that really have such content carry these.
    if (!route.types.includes('HowTo')) expect(types, route.path).not.toContain('HowTo');
    expect(types).not.toContain('VideoObject');

    // Offers must be valid today: an expired validThrough is an error in Google's validator.
    const json = JSON.stringify(nodes);
    for (const [, through] of json.matchAll(/"validThrough":"([^"]+)"/g)) expect(through! >= today, route.path).toBe(true);
    for (const [, from] of json.matchAll(/"validFrom":"([^"]+)"/g)) expect(from! <= today, route.path).toBe(true);

    const breadcrumbNav = page.getByRole('navigation', { name: 'Breadcrumb' });
    const list = nodes.find((n) => n['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string; position: number }[] } | undefined;
    if (route.trail.length === 0) {
      await expect(breadcrumbNav).toHaveCount(0);
      expect(list).toBeUndefined();
      continue;
    }
    const visible = (await breadcrumbNav.locator('li').allTextContents()).map((t) => t.replace('/', '').trim());
    expect(visible[0]).toBe('Home');
    expect(visible.length, route.path).toBe(route.trail.length + 1);
    route.trail.forEach((label, i) => {
      if (label !== '*') expect(visible[i + 1], route.path).toBe(label);
    });
    expect(
      list?.itemListElement.map((i) => i.name),
      route.path,
    ).toEqual(visible);
    expect(list?.itemListElement.at(-1)?.item).toBe(`${siteOrigin}${route.path}`);
    expect(list?.itemListElement.map((i) => i.position)).toEqual(visible.map((_, i) => i + 1));
    await expect(breadcrumbNav.locator('[aria-current="page"]')).toHaveText(visible.at(-1)!);
  }
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
      if (contentLike && !seenPages.has(url.pathname)) queue.push(url.pathname);
    }
  }
  expect([...indexable].sort()).toEqual((await sitemapPaths(request)).sort());
});
