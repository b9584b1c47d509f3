/**
 * One walk over every public route at each width, doing in one visit what a page must pass in a browser: axe finds
 * no WCAG 2.2 AA violation, and once every island has hydrated nothing has broken the Content-Security-Policy. A
 * third walk has every accessibility mode on (saved as the panel saves them, so the head script applies them before
 * the first paint) and watches the policy. What needs only the HTML (head tags, structured data, breadcrumbs) is
 * checked over the built files (tests/build/head-tags.test.ts).
 */
import { expect, test } from '@playwright/test';
import { allModesOn, axeViolations, hydrateAll, walkPaths as paths, watchCspViolations } from '../support/e2e-helpers';

/** Axe at both widths with the default settings; the policy is watched on every walk, once with every mode on. */
const walks = [
  { width: 390, modesOn: false, axe: true },
  { width: 1280, modesOn: false, axe: true },
  { width: 1280, modesOn: true, axe: false },
];

for (const { width, modesOn, axe } of walks) {
  test.describe(`at ${width} px${modesOn ? ', every accessibility mode on' : ''}`, () => {
    test.use({ viewport: { width, height: 900 } });
    // The shorter walk (no axe) in fewer, longer tests.
    const chunks = axe ? 4 : 1;
    for (let chunk = 0; chunk < chunks; chunk++) {
      const share = paths.filter((_, i) => i % chunks === chunk);
      test(`routes ${chunk + 1}/${chunks}: ${axe ? 'no WCAG 2.2 AA violation, ' : ''}no CSP violation`, async ({ page }) => {
        test.setTimeout(share.length * 10_000);
        const violations = await watchCspViolations(page);
        if (modesOn) await allModesOn(page);
        for (const path of share) {
          await test.step(path, async () => {
            await page.goto(path);
            if (modesOn) await expect(page.locator('html'), path).toHaveAttribute('data-a11y-font');
            await hydrateAll(page);
            if (axe) {
              expect.soft(await axeViolations(page), `${path}: axe`).toEqual([]);
            }
            expect.soft(await violations.take(), `${path}: CSP`).toEqual([]);
          });
        }
      });
    }
  });
}
