/**
 * The Content-Security-Policy header allows everything the site really does and nothing else: no route, mode or
 * interaction produces a violation report.
 */
import { expect, type Page, test } from '@playwright/test';
import { fontSizeBounds } from '../../src/config/accessibility';
import { defaultPreferences, storageKey, toggleKeys } from '../../src/lib/a11y-prefs';
import { asNewClient, fillValid, hydrateForm, sendAndExpectSent } from './contact-form';
import { sitemapPaths } from './helpers';

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** Records every violation from the first byte on, and any "Refused to …" the console reports. */
async function watchViolations(page: Page): Promise<string[]> {
  const console: string[] = [];
  page.on('console', (message) => /Content Security Policy|Refused to/i.test(message.text()) && console.push(message.text()));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return console;
}

async function violations(page: Page, console: string[]): Promise<string[]> {
  return [...(await page.evaluate(() => window.__cspViolations)), ...console];
}

/** Every accessibility mode on, saved as the panel saves it, so the head script applies them before first paint. */
async function allModesOn(page: Page) {
  const prefs = { ...defaultPreferences(), fontSize: fontSizeBounds.max, ...Object.fromEntries(toggleKeys.map((key) => [key, true])) };
  await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [storageKey, JSON.stringify(prefs)]);
}

test('no CSP violation on any route, with every accessibility mode on', async ({ page, request }) => {
  test.setTimeout(180_000);
  const console = await watchViolations(page);
  await allModesOn(page);
  const paths = [...(await sitemapPaths(request)), '/no-such-page-here'];
  expect(paths.length).toBeGreaterThan(20);
  for (const path of paths) {
    await page.goto(path);
    // Behaviour scripts load after the load event or on first interaction: give them both.
    await page.waitForLoadState('load');
    await page.mouse.move(10, 10);
    await page.keyboard.press('Tab');
    await page.waitForTimeout(150);
    expect(await violations(page, console), path).toEqual([]);
    expect(await page.locator('html').getAttribute('data-a11y-font'), path).not.toBeNull();
  }
});

test('no CSP violation when the map is opened and the contact form is used', async ({ page }) => {
  const console = await watchViolations(page);
  await asNewClient(page);
  // The map provider is outside this machine's reach: answer for it, so the frame still loads under the policy.
  await page.route('https://www.openstreetmap.org/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>map</title>' }));
  await page.goto('/');
  await page.getByRole('link', { name: 'Show the interactive map' }).click();
  await expect(page.locator('iframe[src*="openstreetmap.org"]')).toBeVisible();

  await hydrateForm(page);
  await fillValid(page, 'about the policy');
  await sendAndExpectSent(page);
  expect(await violations(page, console)).toEqual([]);
});
