/**
 * The Search tab at a phone's 390 px and a desktop's 1280 px, over search data stored as the sync stores it: the
 * figures equal the rows' sums, the chart's values show on hover and on keyboard focus, Show all and search work, a
 * page's row opens its funnel, axe finds nothing, nothing is wider than the screen; the import of a real-format
 * Search Console export from Settings; an opportunity opens the AI generator's meta-tags form prefilled with the page
 * and its searches. Screenshots are written to test-results/search-*.png for review.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { zipSync } from 'fflate';
import { adminPaths } from '../../src/config/admin';
import { searchImportOverlap } from '../../src/config/search-import.mjs';
import { loadSettings } from '../../src/config/settings.mjs';
import { openDatabase } from '../../src/server/db/connect.mjs';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { replaceDays, stageRows } from '../../src/server/features/search/store.mjs';
import { createPost } from '../../src/server/features/posts/store';
import { formatCount, formatCtr } from '../../src/components/admin/search/figures';
import { openTab, signedInTest as test } from '../support/e2e-admin-session';
import { expectNoAxeViolations, expectNoSidewaysScroll as expectFitsWidth } from '../support/e2e-helpers';

// The tests share one seeded property and one post that the last test publishes: one worker runs them in order (with
// two workers, each would seed the same post in its own beforeAll).
test.describe.configure({ mode: 'serial' });

const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The last day with data is yesterday; the view's 28 days end there. */
const days = Array.from({ length: 28 }, (_, i) => iso(-28 + i));
const pageOfE2e = '/services/e2e-search-landing';
/** An admin post (a draft) that appears in searches but is never clicked: the opportunity taken to a published post. */
const postSlug = `e2e-search-post-${Date.now()}`;
const postPage = `/blog/${postSlug}`;

/** Google rows for 28 days: a query with a striking position and a page seen but never clicked. */
function googleRows() {
  return days.flatMap((day, i) => [
    { day, query: 'e2e seo hatfield', page: pageOfE2e, device: 'MOBILE', clicks: 3 + (i % 4), impressions: 60 + i, position: 6.5 },
    { day, query: 'e2e seo audit', page: '/e2e-audit', device: 'DESKTOP', clicks: 0, impressions: 40, position: 9 },
    { day, query: 'e2e hatfield seo blog', page: postPage, device: 'MOBILE', clicks: 0, impressions: 50, position: 8 },
  ]);
}
const totals = googleRows().reduce((sum, row) => ({ clicks: sum.clicks + row.clicks, impressions: sum.impressions + row.impressions }), {
  clicks: 0,
  impressions: 0,
});

test.beforeAll(async () => {
  const { db, kind } = await openDatabase(process.env.E2E_DATABASE_URL);
  try {
    await migrateToLatest(db, kind);
    await stageRows(db, 'e2e-search', 'google', googleRows());
    await replaceDays(db, 'e2e-search', 'google', days[0]!, days.at(-1)!);
    const created = await createPost(
      db as never,
      {
        title: 'Old title nobody clicks',
        slug: postSlug,
        description: 'An old description that does not answer the search.',
        keywords: ['seo'],
        body: '# Local SEO in Hatfield\n\nWhat a small business in Hatfield can do this month to be found.',
        coverId: null,
        coverAlt: '',
      },
      new Set(),
    );
    expect(created.ok).toBe(true);
  } finally {
    await db.destroy();
  }
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`the Search tab at ${viewport.width} px: figures, chart, lists, a page's funnel, axe`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openTab(page, 'search');
    const clicks = page.locator('[data-search-figure=clicks]');
    await expect(clicks).toContainText(formatCount(totals.clicks));
    await expect(page.locator('[data-search-figure=impressions]')).toContainText(formatCount(totals.impressions));
    await expect(page.locator('[data-search-figure=ctr]')).toContainText(formatCtr(totals.clicks / totals.impressions));

    // The chart: a day's values on hover, then on keyboard focus (arrow keys move between days).
    const lastDay = page.locator(`[data-point="${days.at(-1)}"]`).first();
    await lastDay.hover();
    await expect(page.locator('[data-chart-tip]').first()).toContainText('clicks');
    await lastDay.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator(`[data-point="${days.at(-2)}"]`).first()).toBeFocused();
    await expect(page.locator('[data-chart-tip]').first()).toBeVisible();

    // Top pages: a page's row opens its search clicks → visits → enquiries and its p75 LCP.
    const pages = page.locator('[data-search-list=pages]');
    await expect(pages).toContainText(pageOfE2e);
    await pages.getByRole('button', { name: pageOfE2e }).click();
    await expect(page.locator('[data-search-funnel]')).toContainText('search clicks');
    await expect(page.locator('[data-search-funnel]')).toContainText('p75 LCP');

    // Search in the queries list.
    const queries = page.locator('[data-search-list=queries]');
    await page.getByLabel('Find a query').fill('audit');
    await page.getByLabel('Find a query').press('Enter');
    await expect(queries.locator('tbody th')).toHaveText(['e2e seo audit']);

    await expectFitsWidth(page, `search tab at ${name}`);
    await expectNoAxeViolations(page, `search tab at ${name}`);
    await page.screenshot({ path: `test-results/search-${name}.png`, fullPage: true });
    await page.screenshot({ path: `test-results/search-${name}-top.png` });
    await page.locator('section', { has: page.locator('[data-search-list=pages]') }).screenshot({ path: `test-results/search-${name}-pages.png` });
  });
}

test('an export imported from Settings; an opportunity opens the AI meta-tags form prefilled', async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  // The import: a real-format export, zipped as Search Console's "Download CSV" gives it.
  const fixtureDir = 'tests/fixtures/search-console-export';
  const zip = path.join(os.tmpdir(), `e2e-search-export-${Date.now()}.zip`);
  writeFileSync(zip, zipSync(Object.fromEntries(readdirSync(fixtureDir).map((file) => [file, new Uint8Array(readFileSync(path.join(fixtureDir, file)))]))));
  await openTab(page, 'settings');
  const importForm = page.locator('[data-search-import]');
  await importForm.getByLabel('Export file(s)').setInputFiles(zip);
  await importForm.getByRole('button', { name: 'Import' }).click();
  await expect(importForm.locator('..').getByRole('status').filter({ hasText: 'Imported 5 queries and 3 pages' })).toBeVisible();
  // 5 queries, 3 pages and the daily totals of 3 days (Dates.csv).
  await expect(page.locator('[data-search-source=import]')).toContainText('11');
  // Not an export: refused with the reason.
  // A keyword tool's CSV saved as Queries.csv: its columns are not an export's.
  const notExport = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-not-export-')), 'Queries.csv');
  writeFileSync(notExport, 'Keyword,Volume\nseo,100\n');
  await importForm.getByLabel('Export file(s)').setInputFiles(notExport);
  await importForm.getByRole('button', { name: 'Import' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /Not imported: Queries.csv is not from a Search Console Performance export: its columns are "Keyword", "Volume"/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'settings with the search sources');
  await page.locator('[data-search-sources]').screenshot({ path: 'test-results/search-settings.png' });

  // A period that reads the export says its queries and pages are totals of its range, not day by day.
  await page.goto(`${adminPaths.tab('search')}&speriod=16m`);
  await expect(page.locator('[data-search-imported]')).toContainText('gives its queries and pages only as totals for');

  // An opportunity: the page seen but never clicked → the AI generator, Meta Tags, the prompt grounded in its searches.
  await openTab(page, 'search');
  const noClicks = page.locator('[data-opportunities=noClicks]');
  await expect(noClicks).toContainText('/e2e-audit');
  await noClicks.locator('[data-improve="/e2e-audit"]').click();
  await expect(page).toHaveURL(adminPaths.tab('ai-tools'));
  const prompt = page.getByLabel(/prompt/i).first();
  // The page's address is the site's (SITE_URL), not the admin's.
  const siteOrigin = new URL(loadSettings(process.env.SITE_URL ? { SITE_URL: process.env.SITE_URL } : {}).siteUrl).origin;
  await expect(prompt).toHaveValue(new RegExp(`${siteOrigin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/e2e-audit`));
  await expect(prompt).toHaveValue(/e2e seo audit/);
  // Why it was picked is this kind's reason (seen, never clicked), not another kind's.
  await expect(prompt).toHaveValue(/never clicked/);
  await page.screenshot({ path: 'test-results/search-ai-prefilled.png' });

  // The import removed from Settings, once confirmed: exactly its 11 rows go, and its line with them.
  await openTab(page, 'settings');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('[data-search-source=import]').getByRole('button', { name: 'Remove the import' }).click();
  await expect(page.getByRole('status').filter({ hasText: searchImportOverlap.removed(11) })).toBeVisible();
  await expect(page.locator('[data-search-source=import]')).toHaveCount(0);
  await expect(page.locator('[data-search-source=google]')).toBeVisible();
});

test("an opportunity taken to an applied, published post, marked on the page's chart", async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await openTab(page, 'search');
  const noClicks = page.locator('[data-opportunities=noClicks]');
  await expect(noClicks).toContainText(postPage);
  await noClicks.locator(`[data-improve="${postPage}"]`).click();
  await expect(page).toHaveURL(adminPaths.tab('ai-tools'));
  const prompt = page.getByLabel(/prompt/i).first();
  await expect(prompt).toHaveValue(/Old title nobody clicks/);
  await expect(prompt).toHaveValue(/e2e hatfield seo blog/);
  await page.getByRole('button', { name: /^Generate$/ }).click();
  const apply = page.getByRole('button', { name: 'Apply to the post and publish' });
  await expect(apply).toBeVisible({ timeout: 20_000 });
  await apply.click();
  await expect(page.getByText(`Applied to ${postPage} and published.`)).toBeVisible();
  // The post is live with the new title.
  const live = await page.request.get(postPage);
  expect(live.status()).toBe(200);
  expect(await live.text()).toContain('SEO Services in Hatfield');
  // The page's row in the Search tab marks the day of the change on its chart.
  await openTab(page, 'search');
  const pages = page.locator('[data-search-list=pages]');
  await page.getByLabel('Find a page').fill(postSlug);
  await page.getByLabel('Find a page').press('Enter');
  await pages.getByRole('button', { name: postPage }).click();
  await expect(page.locator('[data-search-detail]')).toContainText('Changed on');
  await page.locator('[data-search-detail]').screenshot({ path: 'test-results/search-page-changed.png' });
});

test("a client's site chosen in the Search tab: its own figures, kept in the address; its property in Settings", async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  const id = `e2e-search-client-${Date.now()}`;
  const clientRows = days.map((day, i) => ({
    day,
    query: 'e2e garden design',
    page: '/garden',
    device: 'MOBILE',
    clicks: 2,
    impressions: 30 + i,
    position: 4,
  }));
  const clientTotals = { clicks: 2 * days.length, impressions: clientRows.reduce((sum, row) => sum + row.impressions, 0) };
  const { db } = await openDatabase(process.env.E2E_DATABASE_URL);
  try {
    // Its checks switched off, so the server leaves it be; its search rows stored as the sync stores a client's.
    await db
      .insertInto('watch_sites')
      .values({
        id,
        url: 'https://www.e2e-garden.example/',
        name: 'E2E Garden',
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
    await stageRows(db, id, 'google', clientRows, id);
    await replaceDays(db, id, 'google', days[0]!, days.at(-1)!, id);
  } finally {
    await db.destroy();
  }
  try {
    await openTab(page, 'search');
    await expect(page.locator('[data-search-figure=clicks]')).toContainText(formatCount(totals.clicks));
    await page.getByRole('combobox', { name: 'Site', exact: true }).selectOption({ label: 'E2E Garden' });
    await expect(page).toHaveURL(new RegExp(`site=${id}`));
    const clicks = page.locator('[data-search-figure=clicks]');
    await expect(clicks).toContainText(formatCount(clientTotals.clicks));
    await expect(page.locator('[data-search-figure=impressions]')).toContainText(formatCount(clientTotals.impressions));
    await expect(page.locator('[data-search-list=queries] tbody th')).toHaveText(['e2e garden design']);
    // A client's page: no visits of this site's analytics, and it says so.
    await page.locator('[data-search-list=pages]').getByRole('button', { name: '/garden' }).click();
    await expect(page.locator('[data-search-detail]')).toContainText('counted for this website only');
    await expect(page.locator('[data-search-funnel]')).toHaveCount(0);
    await expectFitsWidth(page, 'search tab, a client site, at 390 px');
    await expectNoAxeViolations(page, 'search tab, a client site');
    await page.screenshot({ path: 'test-results/search-client-site.png', fullPage: true });
    // A reload (or a shared link) shows the same site.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Site', exact: true })).toHaveValue(id);
    await expect(clicks).toContainText(formatCount(clientTotals.clicks));
    // Back to this site.
    await page.getByRole('combobox', { name: 'Site', exact: true }).selectOption({ label: 'This website' });
    await expect(clicks).toContainText(formatCount(totals.clicks));
    // Settings: the client's site, its property (its domain's property, without www, by default) and its sources' states.
    await openTab(page, 'settings');
    await expect(page.locator(`[data-search-site="${id}"]`)).toContainText('sc-domain:e2e-garden.example');
  } finally {
    const { db: after } = await openDatabase(process.env.E2E_DATABASE_URL);
    await after.updateTable('watch_sites').set({ removed_at: Date.now() }).where('id', '=', id).execute();
    await after.destroy();
  }
});
