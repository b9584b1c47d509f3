/**
 * Analytics as visitors and the owner meet it: browsing on a phone and on a desktop, and sending one enquiry, moves the
 * Overview and Performance tabs by exactly that; no public page sets a cookie or a storage key. The tests run in
 * order in one worker: they are the suite's only counted visitors (every other test browses as HeadlessChrome, a bot).
 */
import { type Browser, expect, type Page } from '@playwright/test';
import { adminApi, adminPaths } from '../../src/config/admin';
import { postPaths } from '../../src/config/posts';
import { analyticsEndpoint } from '../../src/config/analytics';
import { openTab, signedInTest as test, dashboardHydrated } from '../support/e2e-admin-session';
import { asNewClient, fillValid, hydrateForm, sendAndExpectSent } from '../support/e2e-contact-form';
import { sitemapPaths, axeViolations } from '../support/e2e-helpers';

test.describe.configure({ mode: 'serial' });

const agents = {
  phone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
};

/** A person's browser: a normal user agent, and not flagged as automated (which the beacon respects). */
async function visitor(browser: Browser, kind: 'phone' | 'desktop') {
  // A visitor, not the owner: contexts made here would otherwise start with the owner's session (signedInTest).
  const visitorState = { storageState: { cookies: [], origins: [] } };
  const context = await browser.newContext(
    kind === 'phone'
      ? { ...visitorState, userAgent: agents.phone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { ...visitorState, userAgent: agents.desktop, viewport: { width: 1280, height: 800 } },
  );
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
  const page = await context.newPage();
  await asNewClient(page);
  return { context, page };
}

const isBeacon = (kind: 'v' | 'e') => (request: { url(): string; postData(): string | null }) =>
  request.url().endsWith(analyticsEndpoint) && (request.postData() ?? '').includes(`"k":"${kind}"`);

/** Opens a page and waits for its page view and for web-vitals to be loaded. */
async function open(page: Page, path: string) {
  const viewSent = page.waitForRequest(isBeacon('v'));
  await page.goto(path);
  await viewSent;
  await page.waitForLoadState('networkidle');
}

/** Leaves the page, which sends its engaged time and vitals (a beacon sent while unloading; the server is asked later). */
async function leave(page: Page) {
  await page.goto('about:blank');
}

/** The period and device choosers are visually hidden radios inside their labels, clicked as a person would. */
async function choose(page: Page, label: string) {
  await page.locator('label', { hasText: label }).click();
  await expect(page.getByRole('radio', { name: label })).toBeChecked();
}

const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function overviewFigures(page: Page) {
  await page.goto(adminPaths.home);
  await dashboardHydrated(page);
  await page.getByRole('combobox', { name: 'Period' }).selectOption('today');
  await expect(page).toHaveURL(/period=today/);
  await expect(page.locator('[data-period-range]')).toContainText('Today');
  const value = (id: string) => page.locator(`[data-figure=${id}] [data-value]`).textContent();
  /** The first count in a rate's detail: "2 visits with one page view, of 5" → 2. */
  const detailCount = async (id: string) => number((await page.locator(`[data-figure=${id}] [data-detail]`).textContent())!.match(/[\d,]+/)![0]);
  const listed = async (dimension: string, value: string) => {
    const row = page.locator(`[data-breakdown=${dimension}] tbody tr[data-row="${value}"]`);
    return (await row.count()) === 0 ? 0 : number(await row.locator('td').last().textContent());
  };
  return {
    pageViews: number(await value('pageViews')),
    visitors: number(await value('visitors')),
    visits: number(await value('visits')),
    bounces: await detailCount('bounceRate'),
    conversions: await detailCount('conversionRate'),
    current: number(await page.locator('[data-current-visitors] strong').textContent()),
    servicesViews: await listed('page', '/services'),
    phones: await listed('device', 'mobile'),
    laptops: await listed('device', 'laptop'),
  };
}

async function vitalSamples(page: Page) {
  await page.goto(adminPaths.tab('performance'));
  await dashboardHydrated(page);
  const samples = async (formFactor: string) => {
    await choose(page, formFactor);
    const of = async (metric: string) => Number(await page.locator(`[data-vital=${metric}] [data-samples]`).getAttribute('data-samples'));
    return { LCP: await of('LCP'), CLS: await of('CLS'), FCP: await of('FCP'), TTFB: await of('TTFB') };
  };
  return { mobile: await samples('Phones and tablets'), desktop: await samples('Laptops and desktops') };
}

test('a phone visit of two pages and a desktop visit with an enquiry show in Overview and Performance, exactly', async ({ browser, page }) => {
  test.setTimeout(90_000);
  await asNewClient(page);
  await openTab(page, 'overview');
  const before = await overviewFigures(page);
  const vitalsBefore = await vitalSamples(page);

  const phone = await visitor(browser, 'phone');
  await open(phone.page, '/');
  await open(phone.page, '/services');
  await leave(phone.page);

  const desktop = await visitor(browser, 'desktop');
  await open(desktop.page, '/contact');
  await hydrateForm(desktop.page);
  await fillValid(desktop.page, 'analytics');
  await sendAndExpectSent(desktop.page);
  await leave(desktop.page);
  await phone.context.close();
  await desktop.context.close();

  const expected = {
    pageViews: before.pageViews + 3,
    visitors: before.visitors + 2,
    visits: before.visits + 2,
    bounces: before.bounces + 1, // the desktop visit had one page view
    conversions: before.conversions + 1,
    current: before.current + 2,
    servicesViews: before.servicesViews + 1,
    phones: before.phones + 1,
    laptops: before.laptops + 1,
  };
  await expect.poll(() => overviewFigures(page), { timeout: 15_000 }).toEqual(expected);

  // Every measured page view gives one sample of each metric (INP needs a slow enough interaction, so it is not counted here).
  const plus = (from: Record<string, number>, n: number) => Object.fromEntries(Object.entries(from).map(([k, v]) => [k, v + n]));
  await expect.poll(() => vitalSamples(page), { timeout: 15_000 }).toEqual({ mobile: plus(vitalsBefore.mobile, 2), desktop: plus(vitalsBefore.desktop, 1) });

  // The owner on a phone: both tabs with figures in them, and a page's trend, pass axe.
  await page.setViewportSize({ width: 390, height: 844 });
  const axe = () => axeViolations(page);
  await overviewFigures(page);
  expect(await axe()).toEqual([]);
  await vitalSamples(page);
  await choose(page, 'Phones and tablets');
  await page.getByRole('button', { name: 'Trend for /services', exact: true }).click();
  await expect(page.locator('[data-vitals-trend] tbody tr')).toHaveCount(1);
  expect(await axe()).toEqual([]);
});

test('no public page sets a cookie or writes a storage key, while its beacon runs', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { context, page } = await visitor(browser, 'desktop');
  // Four tabs of one visitor share the pages between them (what one stores, every tab of the site sees).
  const paths = await sitemapPaths(request);
  const tabs = [page, ...(await Promise.all([1, 2, 3].map(() => context.newPage())))];
  await Promise.all(
    tabs.map(async (tab, index) => {
      for (const path of paths.filter((_, i) => i % tabs.length === index)) {
        await open(tab, path);
        const stored = await tab.evaluate(() => ({ cookie: document.cookie, local: localStorage.length, session: sessionStorage.length }));
        expect(stored, path).toEqual({ cookie: '', local: 0, session: 0 });
      }
    }),
  );
  expect(await context.cookies()).toEqual([]);
  await context.close();
});

test('an automated browser sends nothing', async ({ page }) => {
  const beacons: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(analyticsEndpoint)) beacons.push(r.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.goto('about:blank');
  expect(beacons).toEqual([]);
});

test('a phone visit to a post published from the admin shows in its views on Posts', async ({ browser, page }) => {
  // In this serial file: the visit is counted, and the first test compares every count exactly.
  const slug = `e2e-analytics-${Date.now()}`;
  const created = await page.request.post(adminApi.posts, {
    data: {
      title: 'Counted on a phone',
      slug,
      description: 'A post published from the admin, visited once on a phone, so its page views in the list of posts show exactly that.',
      keywords: 'analytics',
      body: '## One visit\n\nCounted once.',
    },
  });
  expect(created.status()).toBe(201);
  const { post } = (await created.json()) as { post: { id: string; version: number } };
  const published = await page.request.post(adminApi.postAction(post.id, 'publish'), { data: { version: post.version } });
  expect(published.status()).toBe(200);

  const phone = await visitor(browser, 'phone');
  await open(phone.page, `/blog/${slug}`);
  await leave(phone.page);
  await phone.context.close();

  const views = async () => {
    await page.goto(postPaths.list);
    return page
      .getByRole('row', { name: /Counted on a phone/ })
      .locator('td')
      .last()
      .innerText(); // what is shown: on a phone the cell also says "views in the last 30 days"
  };
  await expect.poll(views, { timeout: 15_000 }).toBe('1');
  const latest = (await (await page.request.get(adminApi.post(post.id))).json()) as { post: { version: number } };
  expect((await page.request.post(adminApi.postAction(post.id, 'unpublish'), { data: { version: latest.post.version } })).status()).toBe(200);
});
