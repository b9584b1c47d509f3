/**
 * The Search tab's custom period, its comparison, the lists' CSV downloads and the queries new and lost (issue 40), at
 * a phone's 390 px and a desktop's 1280 px. The stand-in is a client site's Google rows of its own (so no other
 * test's rows count in its figures); every expected figure is computed here from those rows. Screenshots are written
 * to test-results/search-more-*.png for review.
 */
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { adminApi, adminPaths } from '../../src/config/admin';
import { customSearchRange, searchCompares, searchDownloads, searchNewLost, searchRangeWords } from '../../src/config/search';
import { openDatabase } from '../../src/server/db/connect.mjs';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { replaceDays, stageRows } from '../../src/server/features/search/store.mjs';
import { formatCount } from '../../src/components/admin/search/figures';
import { dashboardHydrated, signedInTest as test } from '../support/e2e-admin-session';
import { expectNoAxeViolations, expectNoSidewaysScroll } from '../support/e2e-helpers';
import { readCsv } from '../support/csv';

test.describe.configure({ mode: 'serial' });

const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const siteId = `e2e-search-more-${Date.now()}`;
const host = 'www.e2e-search-more.example';
/** 60 days up to yesterday; the custom range is 20 to 10 days ago (11 days), compared with the 11 days before. */
const days = Array.from({ length: 60 }, (_, i) => iso(-60 + i));
const range = { from: iso(-20), to: iso(-10) };
const before = { from: iso(-31), to: iso(-21) };
const within = (day: string, r: { from: string; to: string }) => day >= r.from && day <= r.to;

/** Fourteen queries every day (more than a list shows), one only in the range (new), one only before it (lost). */
const rows = days.flatMap((day, d) => [
  ...Array.from({ length: 14 }, (_, q) => ({
    day,
    query: q === 0 ? '=cmd|calc seo' : `e2e more query ${q}`,
    page: `/e2e-more/${q % 4}`,
    device: 'MOBILE',
    clicks: (d + q) % 4,
    impressions: 20 + ((d * 3 + q) % 11),
    position: 3 + (q % 7),
  })),
  ...(within(day, range) ? [{ day, query: 'e2e more new query', page: '/e2e-more/new', device: 'MOBILE', clicks: 1, impressions: 9, position: 5 }] : []),
  ...(within(day, before) ? [{ day, query: 'e2e more lost query', page: '/e2e-more/lost', device: 'MOBILE', clicks: 2, impressions: 7, position: 6 }] : []),
]);
const inRange = rows.filter((row) => within(row.day, range));
const truth = { clicks: inRange.reduce((s, r) => s + r.clicks, 0), impressions: inRange.reduce((s, r) => s + r.impressions, 0) };

test.beforeAll(async () => {
  const { db, kind } = await openDatabase(process.env.E2E_DATABASE_URL);
  try {
    await migrateToLatest(db, kind);
    // Its checks switched off, so the server leaves it be; its search rows stored as the sync stores a client's.
    await db
      .insertInto('watch_sites')
      .values({
        id: siteId,
        url: `https://${host}/`,
        name: 'E2E Search More',
        client_email: null,
        copy_client: 0,
        own: 0,
        crawl_every_hours: 24,
        availability_every_minutes: 5,
        kinds_off: JSON.stringify(['availability', 'certificate', 'crawl']),
        created_at: Date.now(),
        updated_at: Date.now(),
        removed_at: null,
      })
      .execute();
    await stageRows(db, siteId, 'google', rows, siteId);
    await replaceDays(db, siteId, 'google', days[0]!, days.at(-1)!, siteId);
  } finally {
    await db.destroy();
  }
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`Search at ${viewport.width} px: a custom period, a year earlier, new and lost queries, a CSV of every row`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${adminPaths.tab('search')}&site=${siteId}`);
    await dashboardHydrated(page);

    // The custom range: the shared day fields, applied with Show; the view is kept in the address.
    await page.locator('[data-search-period]').selectOption(customSearchRange.id);
    const form = page.getByRole('form', { name: 'Custom range' });
    await form.getByLabel('From').fill(range.from);
    await form.getByLabel('To').fill(range.to);
    await form.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(new RegExp(`speriod=custom.*sfrom=${range.from}&sto=${range.to}`));
    await expect(page.locator('[data-search-figure=clicks]')).toContainText(formatCount(truth.clicks));
    await expect(page.locator('[data-search-figure=impressions]')).toContainText(formatCount(truth.impressions));
    await expect(page.locator('[data-search-range]')).toContainText(`against ${searchRangeWords(before.from, before.to)}`);

    // New and lost against the days before.
    await expect(page.locator('[data-search-new-lost=new]')).toContainText('e2e more new query');
    await expect(page.locator('[data-search-new-lost=lost]')).toContainText('e2e more lost query');
    await expect(page.locator('[data-search-new-lost=new] li')).toHaveCount(1);

    await expectNoSidewaysScroll(page, `search custom range at ${name}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(page, `search custom range at ${name}`);
    await page.screenshot({ path: `test-results/search-more-${name}-top.png` });
    await page.locator('[data-search-new-lost=new]').screenshot({ path: `test-results/search-more-${name}-new-lost.png` });

    // A reload shows the same view (the server renders the tab for the address's view).
    await page.reload();
    await dashboardHydrated(page);
    await expect(page.locator('[data-search-figure=clicks]')).toContainText(formatCount(truth.clicks));

    // The download: every query of the view (more than the ten shown), the rows' sums, a formula made text.
    const link = page.locator('[data-search-csv=queries]');
    await expect(link).toHaveText(new RegExp(searchDownloads.linkText));
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(searchDownloads.fileName('queries', host, range.from, range.to));
    const [header, ...csvRows] = readCsv(readFileSync((await download.path())!, 'utf8'));
    expect(header).toEqual(searchDownloads.queriesHeader);
    const queries = new Set(inRange.map((row) => row.query));
    expect(csvRows).toHaveLength(queries.size);
    expect(csvRows.reduce((s, row) => s + Number(row[1]), 0)).toBe(truth.clicks);
    expect(csvRows.reduce((s, row) => s + Number(row[2]), 0)).toBe(truth.impressions);
    expect(csvRows.map((row) => row[0])).toContain("'=cmd|calc seo");

    // A year earlier: in words, and no rows then, so every query is new.
    await page.locator('[data-search-compare]').selectOption('year');
    await expect(page).toHaveURL(/scompare=year/);
    const yearBefore = { from: new Date(`${range.from}T12:00:00Z`), to: new Date(`${range.to}T12:00:00Z`) };
    yearBefore.from.setUTCFullYear(yearBefore.from.getUTCFullYear() - 1);
    yearBefore.to.setUTCFullYear(yearBefore.to.getUTCFullYear() - 1);
    const words = searchRangeWords(yearBefore.from.toISOString().slice(0, 10), yearBefore.to.toISOString().slice(0, 10));
    await expect(page.locator('[data-search-range]')).toContainText(`against ${words}`);
    await expect(page.locator('[data-search-figure=clicks]')).toContainText(`on ${searchCompares.find((c) => c.id === 'year')!.noun}`);
    await expect(page.locator('[data-search-new-lost=new]')).toContainText(`${searchNewLost.newTitle} (${formatCount(queries.size)})`);
    await expectNoSidewaysScroll(page, `search a year earlier at ${name}`);
    await page.screenshot({ path: `test-results/search-more-${name}.png`, fullPage: true });
  });
}

test('the server refuses a custom period in the future or out of order, and answers a CSV as text/csv', async ({ page }) => {
  await page.goto(adminPaths.tab('search'));
  const ask = (params: string) => page.request.get(adminApi.searchOverview(params));
  expect((await ask(`period=custom&from=${iso(-3)}&to=${iso(2)}`)).status()).toBe(400);
  expect((await ask(`period=custom&from=${iso(-3)}&to=${iso(-10)}`)).status()).toBe(400);
  expect((await ask(`period=custom&from=${iso(-600)}&to=${iso(-10)}`)).status()).toBe(400);
  expect((await ask(`period=custom&from=${range.from}&to=${range.to}&site=${siteId}`)).status()).toBe(200);
  const csv = await page.request.get(adminApi.searchListCsv(`period=custom&from=${range.from}&to=${range.to}&site=${siteId}&list=pages`));
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers()['content-disposition']).toBe(`attachment; filename="${searchDownloads.fileName('pages', host, range.from, range.to)}"`);
  const [, ...pageRows] = readCsv(await csv.text());
  expect(pageRows.reduce((s, row) => s + Number(row[1]), 0)).toBe(truth.clicks);
});
