/**
 * The Content-Security-Policy header allows what the site's interactions really do: opening the map and sending the
 * contact form produce no violation report (every route, with and without the accessibility modes, is walked in
 * public-walk.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { asNewClient, fillValid, hydrateForm, sendAndExpectSent } from '../support/e2e-contact-form';
import { watchCspViolations } from '../support/e2e-helpers';

test('no CSP violation when the map is opened and the contact form is used', async ({ page }) => {
  const violations = await watchCspViolations(page);
  await asNewClient(page);
  // The map provider is outside this machine's reach: answer for it, so the frame still loads under the policy.
  await page.route('https://www.openstreetmap.org/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>map</title>' }));
  await page.goto('/');
  await page.getByRole('link', { name: 'Show the interactive map' }).click();
  await expect(page.locator('iframe[src*="openstreetmap.org"]')).toBeVisible();

  await hydrateForm(page);
  await fillValid(page, 'about the policy');
  await sendAndExpectSent(page);
  expect(await violations.take()).toEqual([]);
});
