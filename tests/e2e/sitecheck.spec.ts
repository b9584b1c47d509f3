/**
 * The Testing tab in Chromium: a site check of a fixture site runs in the background with a progress bar, shows its
 * summary and findings, then a second run is compared with the first; filters narrow the findings; axe at 390 px.
 */
import { expect } from '@playwright/test';
import { siteCheckText } from '../../src/config/admin';
import { FixtureSite } from '../support/fixture-site';
import { openTab, signedInTest as test } from '../support/e2e-admin-session';
import { asNewClient, toast } from '../support/e2e-contact-form';
import { expectNoAxeViolations, expectNoSidewaysScroll } from '../support/e2e-helpers';

// Plain HTTP, and a page that takes two seconds: long enough to see the run in progress.
const fixture = new FixtureSite('defects', 2000, false);

// On the port the server was told it may check (playwright.config.ts: SITE_CHECK_ALLOW_HOSTS).
test.beforeAll(() => fixture.start(Number(process.env.E2E_FIXTURE_PORT)));
test.afterAll(() => fixture.stop());
test.beforeEach(async ({ page }) => asNewClient(page));

test('a check runs with progress, shows its findings, and the next run is compared with it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTab(page, 'testing');

  // A prospect's site, typed in; the address is checked first.
  await page.getByLabel('Another site').check();
  await page.getByLabel('Address').fill('ftp://example.com');
  await page.getByRole('button', { name: 'Run site checks' }).click();
  await expect(page.getByText('Only http and https addresses can be checked, not ftp: addresses.')).toBeVisible();

  await page.getByLabel('Address').fill(fixture.origin);
  await page.getByLabel('Most pages to check').fill('60');
  await page.getByRole('button', { name: 'Run site checks' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.getByText(/Checking (pages|links and files): \d+ of \d+|Reading robots\.txt and the sitemap/)).toBeVisible();
  await expect(toast(page)).toContainText('Site check finished', { timeout: 30_000 });
  const results = page.locator('section', { has: page.getByRole('heading', { name: /^Results for 127\.0\.0\.1/ }) });
  await expect(results).toContainText(siteCheckText.firstRun);
  await expect(results.getByText('Errors', { exact: true })).toBeVisible();
  await expect(results.getByText('Site-wide')).toBeVisible();
  await expect(results.getByText('Links to', { exact: false }).first()).toBeAttached();

  // Only errors.
  await results.getByLabel('Severity').selectOption('error');
  const status = results.getByRole('status');
  await expect(status).toContainText(/Showing \d+ findings? of \d+/);
  await expect(results.locator('li').getByText('Warning', { exact: true })).toHaveCount(0);
  await expect(results.locator('li').getByText('Error', { exact: true })).not.toHaveCount(0);

  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Run site checks' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.locator('[data-comparison]')).toContainText('0 new findings, 0 fixed', { timeout: 30_000 });
  // The pages checked and what was found are told apart, not added up in one list.
  await expect(toast(page)).toContainText(/Site check finished[\d,]+ pages checked\. (No errors or warnings\.|Found [\d,]+ errors? and [\d,]+ warnings?\.)/);
  await expectNoSidewaysScroll(page);

  // Like with like: a run with a smaller page limit is not compared with the 60-page runs (it would call every
  // finding on the pages it did not reach "fixed"); the next run with that limit is, on the pages both checked.
  await page.getByLabel('Most pages to check').fill('5');
  await page.getByRole('button', { name: 'Run site checks' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(results).toContainText(siteCheckText.firstRun, { timeout: 30_000 });
  await expect(results).toContainText('up to 5 pages');
  await page.getByRole('button', { name: 'Run site checks' }).click();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page.locator('[data-comparison]')).toContainText(/on the [1-5] pages? both runs checked: 0 new findings, 0 fixed\./, { timeout: 30_000 });
});
