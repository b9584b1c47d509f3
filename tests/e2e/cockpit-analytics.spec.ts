/**
 * The owner's analytics cockpit, used as the owner uses it, at 390 px and 1280 px: the period lives in the URL and
 * survives a reload, the scale is round, a chart point shows its figures on hover and on keyboard focus, every list
 * shows 10 with "Show all" and a search, a row filters the whole dashboard (also in the URL), "Visitors now" refreshes
 * by itself, and Performance explains its metrics without the table overflowing. Visits are seeded through the real
 * beacon endpoint, as visitors' browsers send them. Runs after the other specs (its own Playwright project), so their
 * exact counts see only their own visitors; run it alone with `npx playwright test --project=cockpit --no-deps`.
 */
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { adminApi } from '../../src/config/admin';
import { business } from '../../src/config/business';
import { paths } from '../../src/config/paths';
import { analyticsEndpoint, analyticsView, breakdownLimit, vitalMetrics } from '../../src/config/analytics';
import { thresholdText } from '../../src/lib/analytics-figures';
import type { CurrentVisitorsAnswer } from '../../src/lib/admin-types';
import { niceScale } from '../../src/lib/chart-scale';
import { openTab, signedInTest as test, dashboardHydrated } from '../support/e2e-admin-session';
import { asNewClient } from '../support/e2e-contact-form';
import { sitemapPaths, axeViolations as axe, sidewaysScroll } from '../support/e2e-helpers';

test.describe.configure({ mode: 'serial' });

const phoneAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const firefoxAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

let visitorCount = 0;
/** A visitor's beacons, as the public pages send them: a page view, then (for vitals) its engagement report. */
async function visit(api: APIRequestContext, path: string, options: { referrer?: string; utmSource?: string; phone?: boolean; lcp?: number } = {}) {
  const address = `198.18.${Math.floor(visitorCount / 250)}.${(visitorCount++ % 250) + 1}`;
  const headers = {
    'Content-Type': 'text/plain;charset=UTF-8',
    'User-Agent': options.phone ? phoneAgent : firefoxAgent,
    'X-Forwarded-For': address,
    Origin: `http://127.0.0.1:${process.env.E2E_PORT}`,
  };
  const id = randomUUID();
  const w = options.phone ? 'mobile' : 'laptop';
  const sent = await api.post(analyticsEndpoint, { headers, data: JSON.stringify({ k: 'v', id, p: path, w, r: options.referrer, us: options.utmSource }) });
  expect(sent.status()).toBe(204);
  if (options.lcp !== undefined) {
    const engaged = await api.post(analyticsEndpoint, {
      headers,
      data: JSON.stringify({
        k: 'e',
        id,
        p: path,
        w,
        t: 4000,
        m: { LCP: [options.lcp, 'good'], FCP: [800, 'good'], TTFB: [200, 'good'], CLS: [0.01, 'good'] },
      }),
    });
    expect(engaged.status()).toBe(204);
  }
}

const waitHydrated = dashboardHydrated;
const noOverflow = async (page: Page) => (await sidewaysScroll(page)) <= 0;
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: `test-results/cockpit/${name}.png`, fullPage });

/** A visitor's requests: without the owner's session, which the test's contexts would otherwise start with. */
const visitorApi = (baseURL: string | undefined) => playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });

let pages: string[] = [];

test('seed: visits on more pages than a list shows, from a newsletter and a search engine, with vitals from phones', async ({ baseURL }) => {
  const api = await visitorApi(baseURL);
  pages = (await sitemapPaths(api)).filter((p) => !p.startsWith('/blog/')).slice(0, breakdownLimit + 3);
  expect(pages.length).toBeGreaterThan(breakdownLimit);
  for (const [i, path] of pages.entries()) {
    await visit(api, path, i % 2 === 0 ? { utmSource: 'newsletter' } : { referrer: 'www.google.com' });
  }
  // Enough phone samples on one page for its figures (five is the minimum shown).
  for (let i = 0; i < 6; i++) await visit(api, '/services', { phone: true, lcp: 1800 + i * 100 });
  await api.dispose();
});

test('goals, cookieless: a "Get a Free Audit" click and a visit to a missing page, from a real browser, show beside enquiries', async ({ browser, page }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, userAgent: phoneAgent, viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
  const visitorPage = await context.newPage();
  await asNewClient(visitorPage);
  const beacon = (kind: string) => visitorPage.waitForRequest((r) => r.url().endsWith(analyticsEndpoint) && (r.postData() ?? '').includes(`"k":"${kind}"`));
  const viewed = beacon('v');
  await visitorPage.goto('/about');
  await viewed;
  const clicked = beacon('g');
  await visitorPage.locator(`a[href="${paths.freeAudit}"]`).filter({ visible: true }).first().click();
  expect((await clicked).postData()).toContain('"g":"audit"');
  const missing = `/no-such-page-${Date.now()}`;
  const notFound = beacon('v');
  await visitorPage.goto(missing);
  await notFound;
  expect(await context.cookies()).toEqual([]);
  await context.close();

  await openTab(page, 'overview');
  await waitHydrated(page);
  await expect
    .poll(async () => {
      await page.reload();
      return page.locator('[data-not-found]').textContent();
    })
    .toContain(missing);
  expect(Number(await page.locator('[data-goal=audit] [data-value]').textContent())).toBeGreaterThanOrEqual(1);
  expect(Number(await page.locator('[data-goal=notFound] [data-value]').textContent())).toBeGreaterThanOrEqual(1);
  // A missing page is not a page: it is in no list of pages.
  await expect(page.locator(`[data-breakdown=page] tr[data-row="${missing}"]`)).toHaveCount(0);
});

for (const size of sizes) {
  test(`the Overview at ${size.width} px: period in the URL, round scale, chart values on hover and focus, show all, filter`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    await openTab(page, 'overview');
    await waitHydrated(page);

    // The period is in the URL, and a reload shows the same view.
    const period = page.getByRole('combobox', { name: 'Period' });
    await period.selectOption('30d');
    await expect(page).toHaveURL(/[?&]period=30d/);
    await expect(page.locator('[data-period-range]')).toContainText('Last 30 days');
    await page.reload();
    await waitHydrated(page);
    await expect(period).toHaveValue('30d');
    await expect(page.locator('[data-period-range]')).toContainText('Last 30 days');
    await expect(page.locator('[data-figure=visitors] [data-change]')).toContainText(/period before|either period/);
    await expect(page.locator('[data-point]')).toHaveCount(30);

    // The scale's top is the round number just above the largest value, read from the chart's own table.
    const table = page.locator('[data-daily-table] tbody tr');
    const values = await table.evaluateAll((rows) => rows.flatMap((r) => [...r.querySelectorAll('td')].map((td) => Number(td.textContent))));
    await expect(page.locator('[data-chart-axis] span').first()).toHaveText(niceScale(Math.max(...values)).max.toLocaleString('en-GB'));

    // Keyboard: one tab stop, arrows move between days, and the focused day's figures show.
    const today = page.locator('[data-point]').last();
    await today.focus();
    await expect(page.locator('[data-chart-tip]')).toContainText(/\d+ visitors?/);
    await page.keyboard.press('ArrowLeft');
    const yesterday = page.locator('[data-point]').nth(28);
    await expect(yesterday).toBeFocused();
    await expect(page.locator('[data-chart-tip]')).toContainText((await yesterday.getAttribute('aria-label'))!.split(':')[0]!);
    await page.keyboard.press('Home');
    await expect(page.locator('[data-point]').first()).toBeFocused();
    // Hover shows the same.
    await page.locator('[data-point]').nth(15).hover();
    await expect(page.locator('[data-chart-tip]')).toBeVisible();
    expect(await noOverflow(page)).toBe(true);
    await shot(page, `overview-${size.width}`);
    expect(await axe(page)).toEqual([]);

    // Sources read as a person says them.
    const sources = page.locator('[data-breakdown=source]');
    await expect(sources.locator('tr[data-row=newsletter]')).toContainText('Newsletter');
    await expect(sources.locator('tr[data-row="google.com"]')).toContainText('google.com');
    await expect(sources).not.toContainText(' / ');

    // Top pages: 10, then "Show all" with a search.
    const topPages = page.locator('[data-breakdown=page]').first();
    await expect(topPages.locator('tbody tr')).toHaveCount(breakdownLimit);
    await page.getByRole('button', { name: /^Show all \d+ top pages$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Top pages' });
    await expect(dialog).toBeVisible();
    expect(await dialog.locator('tbody tr').count()).toBeGreaterThan(breakdownLimit);
    await dialog.getByLabel('Search').fill('servi');
    await expect(dialog.locator('tbody tr[data-row="/services"]')).toBeVisible();
    // The search reads a page's path and its title ("Dog Teeth Cleanings: Local Service Business SEO" is found too),
    // in any case: every row left names the word somewhere.
    await expect(dialog.locator('tbody tr').filter({ hasNotText: /servi/i })).toHaveCount(0);
    expect(await noOverflow(page)).toBe(true);
    await shot(page, `show-all-${size.width}`, false);
    expect(await axe(page)).toEqual([]);

    // Clicking a row filters the whole dashboard by it, in the URL too.
    await dialog.locator('tbody tr[data-row="/services"] button').click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/filter=page%3A%2Fservices|filter=page:\/services/);
    await expect(page.locator('[data-active-filter]')).toContainText('/services');
    await expect(page.locator('[data-breakdown=page] tbody tr')).toHaveCount(1);
    await expect(page.locator('[data-breakdown=page] tbody tr[data-row="/services"]')).toBeVisible();
    // The phones that opened /services are among the filtered visits; the others are not.
    await expect(page.locator('[data-breakdown=device] tbody tr[data-row=mobile]')).toBeVisible();
    await page.reload();
    await waitHydrated(page);
    await expect(page.locator('[data-active-filter]')).toContainText('/services');
    await expect(period).toHaveValue('30d');
    await page.getByRole('button', { name: 'Remove the filter' }).click();
    await expect(page.locator('[data-active-filter]')).toHaveCount(0);
    await expect(page).not.toHaveURL(/filter=/);
    await expect(page.locator('[data-breakdown=page] tbody tr')).toHaveCount(breakdownLimit);

    // Long periods work from the daily totals: 12 months, a month a point.
    await period.selectOption('12m');
    await expect(page.locator('[data-period-range]')).toContainText('Last 12 months');
    await expect(page.locator('[data-point]')).toHaveCount(13);
    await expect(page.locator('[data-retention]')).toContainText(`kept ${business.retention.analyticsRawDays} days`);
  });
}

test('"Visitors now" reads itself again every 30 seconds while the tab is visible', async ({ page, baseURL }) => {
  await page.clock.install();
  await openTab(page, 'overview');
  await waitHydrated(page);
  const now = page.locator('[data-current-visitors] strong');
  const api = await visitorApi(baseURL);
  // A visitor seeded by an earlier spec may leave the "now" window just as this one arrives; so a new visitor comes
  // again until the figure moves by exactly one (failing three times would take three such coincidences).
  let shown = 0;
  let read = Number.NaN;
  for (let attempt = 0; attempt < 3 && read !== shown + 1; attempt++) {
    shown = Number(await now.textContent());
    await visit(api, '/about');
    const asked = page.waitForResponse((r) => r.url().endsWith(adminApi.analyticsNow));
    await page.clock.fastForward(analyticsView.currentVisitorsRefreshMs);
    read = ((await (await asked).json()) as CurrentVisitorsAnswer).currentVisitors;
    await expect(now).toHaveText(String(read));
  }
  await api.dispose();
  expect(read).toBe(shown + 1);
});

for (const size of sizes) {
  test(`Performance at ${size.width} px: plain words and thresholds; the table's first column stays readable`, async ({ page }) => {
    await page.setViewportSize(size);
    await openTab(page, 'performance');
    await waitHydrated(page);
    const lcp = vitalMetrics.find((m) => m.id === 'LCP')!;
    await expect(page.locator('[data-vital-legend]')).toContainText(`LCP — ${lcp.plain} (${thresholdText('LCP')})`);
    await expect(page.locator('[data-vital=LCP] [data-plain]')).toContainText(lcp.plain);
    await page.locator('label', { hasText: 'Phones and tablets' }).click();
    const row = page.locator('[data-vitals-pages] tbody tr').filter({ has: page.getByRole('rowheader', { name: '/services', exact: true }) });
    await expect(row).toBeVisible();
    const first = row.getByRole('rowheader');
    const second = row.locator('td').first();
    const [a, b] = [(await first.boundingBox())!, (await second.boundingBox())!];
    expect(a.x + a.width).toBeLessThanOrEqual(b.x + 1);
    // Scrolled sideways, the first column stays put and hides what passes under it.
    await page.getByRole('region', { name: 'Core Web Vitals by page' }).evaluate((el) => el.scrollBy({ left: 200 }));
    expect((await first.boundingBox())!.x).toBeCloseTo(a.x, 0);
    expect(await first.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await noOverflow(page)).toBe(true);
    await shot(page, `performance-${size.width}`);
    expect(await axe(page)).toEqual([]);
  });
}

test('the weekly summary e-mail is on by default with a mail server, and one click in Settings turns it off (and on again)', async ({ page }) => {
  await openTab(page, 'settings');
  await waitHydrated(page);
  const state = page.locator('[data-weekly-summary]');
  await expect(state).toHaveAttribute('data-weekly-summary', 'on');
  await page.getByRole('button', { name: 'Turn the weekly summary off' }).click();
  await expect(state).toHaveAttribute('data-weekly-summary', 'off');
  await page.reload();
  await waitHydrated(page);
  await expect(state).toHaveAttribute('data-weekly-summary', 'off');
  await page.getByRole('button', { name: 'Turn the weekly summary on' }).click();
  await expect(state).toHaveAttribute('data-weekly-summary', 'on');
});
