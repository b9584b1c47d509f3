/**
 * The owner's cockpit used for a week, at a phone's 390 px and a desktop's 1280 px: every admin view fits its width
 * (no element wider than the viewport), every dashboard tab is in sight (on a phone the row wraps), focus is
 * visible on tabs, panels and controls (WCAG 2.4.7), axe finds nothing; the AI tools show the result as it streams,
 * offer Ctrl+Enter only with a keyboard, never put a success toast beside warnings, keep the hourly limit after a
 * reload; a toast is cleared by the next action and never covers the control in use. (The site checks' like-with-like
 * comparison: sitecheck.spec.ts and tests/unit/sitecheck-compare.test.ts; IndexNow off, which this server never is:
 * tests/unit/indexnow-off.test.ts.)
 */
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { adminApi, adminGroups, adminPaths, adminTabs, groupOf, groupTabs } from '../../src/config/admin';
import { aiLimits, aiMessages, aiProblems } from '../../src/config/ai';
import { postPaths } from '../../src/config/posts';
import { createOwner, openTab, signedInTest as test, signIn } from '../support/e2e-admin-session';
import { asNewClient, toast } from '../support/e2e-contact-form';
import { expectNoAxeViolations, expectNoSidewaysScroll } from '../support/e2e-helpers';

const aiBase = `http://127.0.0.1:${process.env.E2E_AI_PORT}`;
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

const result = (page: Page) => page.locator('[data-ai-result]');
const generateButton = (page: Page) => page.getByRole('button', { name: /^(Generate|Generating\.\.\.)$/ });

/** Elements that reach past the viewport's right edge, unless a scrolling container of theirs holds them. */
async function expectNothingWiderThanViewport(page: Page, label: string) {
  const offenders = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(up).overflowX)) return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && !clipped(el) && !el.closest('.sr-only');
      })
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).slice(0, 60)}`);
  });
  expect(offenders, label).toEqual([]);
  await expectNoSidewaysScroll(page, label);
}

/** A visible focus indicator: an outline of at least 2 px (or a box shadow) on the focused element. */
async function expectFocusVisible(locator: Locator, label: string) {
  await expect(locator, label).toBeFocused();
  const style = await locator.evaluate((el) => {
    const css = getComputedStyle(el);
    return { outline: css.outlineStyle, width: parseFloat(css.outlineWidth), shadow: css.boxShadow, focusVisible: el.matches(':focus-visible') };
  });
  expect(style.focusVisible, label).toBe(true);
  expect(style.outline !== 'none' && style.width >= 2 ? 'outline' : style.shadow !== 'none' ? 'shadow' : 'none', label).not.toBe('none');
}

const intersects = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast, once placed (it moves clear as the page settles after a scroll), covers none of these. */
async function expectToastClearOf(page: Page, ...targets: Locator[]) {
  for (const target of targets) {
    await expect
      .poll(
        async () => {
          const [card, box] = await Promise.all([toast(page).boundingBox(), target.boundingBox()]);
          return card !== null && box !== null && intersects(card, box) ? `the toast ${JSON.stringify(card)} covers ${JSON.stringify(box)}` : 'clear';
        },
        { message: `toast clear of ${target.toString()}`, timeout: 2000 },
      )
      .toBe('clear');
  }
}

test.beforeEach(async ({ page }) => asNewClient(page));

for (const [name, viewport] of Object.entries(viewports)) {
  test(`${name} (${viewport.width} px): every admin view fits, every tab is in sight, focus shows, axe finds nothing`, async ({ page, browser }, info) => {
    // A dozen views, each a full axe run: about 40 s on a quiet machine, far more on a loaded one.
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    await openTab(page, 'overview');

    // Each group's tab list (issue 40): every tab's label whole and in sight, one row, nothing to scroll to (a row
    // scrolled sideways on a phone showed "Perfo" and hid Settings, with nothing to say there was more).
    const viewportWidth = await page.evaluate(() => document.documentElement.clientWidth);
    for (const group of adminGroups.filter((g) => groupTabs(g).length > 1)) {
      const tabs = groupTabs(group);
      await openTab(page, tabs[0]!.id);
      const tablist = page.getByRole('tablist', { name: group.label });
      for (const tab of tabs) {
        const box = (await tablist.getByRole('tab', { name: tab.label }).boundingBox())!;
        expect(box.x >= 0 && box.x + box.width <= viewportWidth, `${tab.label} whole within ${viewportWidth} px: ${JSON.stringify(box)}`).toBe(true);
        await expect(tablist.getByRole('tab', { name: tab.label })).toBeInViewport({ ratio: 1 });
      }
      const { scrollWidth, clientWidth, height } = await tablist.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        height: el.getBoundingClientRect().height,
      }));
      expect(scrollWidth, 'nothing hidden off the side of the tab list').toBeLessThanOrEqual(clientWidth);
      expect(height, 'the tab list is one row').toBeLessThanOrEqual(48);

      // Focus is visible on the tab, then the panel (keyboard only).
      await tablist.getByRole('tab', { selected: true }).focus();
      await expectFocusVisible(tablist.getByRole('tab', { selected: true }), 'tab');
      await page.keyboard.press('End');
      const last = tabs.at(-1)!;
      await expect(page).toHaveURL(adminPaths.tab(last.id));
      await expectFocusVisible(tablist.getByRole('tab', { name: last.label }), 'the last tab, reached with End');
      // The tab chosen is in sight, whole.
      await expect(tablist.getByRole('tab', { name: last.label, selected: true })).toBeInViewport({ ratio: 1 });
      await page.keyboard.press('Tab');
      await expectFocusVisible(page.getByRole('tabpanel', { name: last.label }), 'tab panel');
    }

    for (const tab of adminTabs) {
      await openTab(page, tab.id);
      // A tab panel, or the region of a group's only tab, named by the heading.
      const panel = groupTabs(groupOf(tab.id)).length > 1 ? page.getByRole('tabpanel', { name: tab.label }) : page.getByRole('region', { name: tab.label });
      await expect(panel).toBeVisible();
      await expect(panel.getByText('Loading…')).toHaveCount(0);
      await expectNothingWiderThanViewport(page, tab.label);
      await expectNoAxeViolations(page, tab.label);
      // For a person to look at (the assertions above are the test).
      await page.screenshot({ path: info.outputPath(`${tab.id}-${viewport.width}.png`) });
    }

    // Every control on the AI tools tab shows its focus, reached with Tab.
    await openTab(page, 'ai-tools');
    await page.getByLabel('Content type').focus();
    await expectFocusVisible(page.getByLabel('Content type'), 'select');
    await page.keyboard.press('Tab');
    await expectFocusVisible(page.getByLabel('Prompt'), 'text area');
    await page.keyboard.type('Focus check');
    await page.keyboard.press('Tab');
    await expectFocusVisible(generateButton(page), 'button');

    for (const [label, path] of [
      ['enquiries', adminPaths.leads],
      ['security log', adminPaths.security],
      ['posts', postPaths.list],
      ['new post', postPaths.newPost],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNothingWiderThanViewport(page, label);
      await expectNoAxeViolations(page, label);
    }
    await signedOutViews(browser, viewport);
  });
}

test('Overview → Custom range: the day fields join the period select (beside it on a desktop, below it on a phone), leaving no empty block', async ({
  page,
}) => {
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await openTab(page, 'overview');
    await page.locator('[data-period-select]').selectOption('custom');
    const range = page.getByRole('form', { name: 'Custom range' });
    await expect(range).toBeVisible();
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    const heading = await box(page.locator('#visits-heading'));
    const select = await box(page.locator('[data-period-select]'));
    const from = await box(range.getByLabel('From'));
    const show = await box(range.getByRole('button', { name: 'Show' }));
    await expectNothingWiderThanViewport(page, `custom range at ${viewport.width} px`);
    if (viewport.width >= 1024) {
      // One row: the fields beside the select, and the heading at the row's top rather than pushed down beside a
      // column of select-over-fields (which left an empty block to the fields' left).
      expect(Math.abs(from.y + from.height - (select.y + select.height)), 'From on the select’s row').toBeLessThanOrEqual(4);
      expect(from.x, 'From right of the select').toBeGreaterThan(select.x + select.width);
      expect(heading.y, 'the heading not pushed below the select').toBeLessThan(select.y + select.height);
    } else {
      // Below the select, starting at its left edge, the Show button within the width.
      expect(from.y).toBeGreaterThan(select.y + select.height);
      expect(Math.abs(from.x - select.x)).toBeLessThanOrEqual(1);
      expect(show.x + show.width).toBeLessThanOrEqual(viewport.width);
    }
  }
});

/** The sign-in pages, seen without a session. */
async function signedOutViews(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  try {
    for (const path of [adminPaths.signIn, adminPaths.forgotPassword, `${adminPaths.resetPassword}?token=expired-or-unknown-token`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNothingWiderThanViewport(page, path);
      await expectNoAxeViolations(page, path);
      const field = page.getByRole('textbox').first();
      if ((await field.count()) > 0) {
        await field.focus();
        await expectFocusVisible(field, `${path}: text field`);
      }
    }
  } finally {
    await context.close();
  }
}

test('phone: the result is in view while it streams, Ctrl+Enter is not offered, the toast keeps off the control in use', async ({ browser }, info) => {
  // A touch phone: a coarse pointer, no keyboard shortcut to offer.
  const context = await browser.newContext({
    viewport: viewports.phone,
    isMobile: true,
    hasTouch: true,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  try {
    await asNewClient(page);
    await signIn(page, createOwner('phone', info.workerIndex));
    await expect(page).toHaveURL(adminPaths.home);
    await openTab(page, 'ai-tools');
    await expect(page.getByLabel('Prompt')).toBeVisible();
    await expect(page.getByText(/What to write about/)).not.toContainText(aiMessages.shortcut);

    const gate = `phone${info.workerIndex}${Date.now()}`;
    await page.getByLabel('Prompt').fill(`A guide to local SEO for cafés [fake:gate:${gate}]`);
    // As a thumb leaves it: the button just above the bottom edge, the result area below the fold. On a page too short
    // to scroll that far (the grouped navigation is one row), a smaller phone's screen ends just below the button.
    const buttonBottom = await generateButton(page).evaluate((button) => button.getBoundingClientRect().bottom + window.scrollY);
    if (buttonBottom + 8 < viewports.phone.height) await page.setViewportSize({ width: viewports.phone.width, height: Math.ceil(buttonBottom + 8) });
    await generateButton(page).evaluate((button) => window.scrollTo(0, window.scrollY + button.getBoundingClientRect().bottom - window.innerHeight + 8));
    await expect(result(page)).not.toBeInViewport();
    // A tap where the button is (a locator's tap would scroll it to the middle of the screen first).
    const button = (await generateButton(page).boundingBox())!;
    await page.touchscreen.tap(button.x + button.width / 2, button.y + button.height / 2);
    // While the model still writes, its words are on screen.
    await expect(result(page)).toContainText('title: "Local SEO in Hatfield');
    await expect(result(page)).toBeInViewport({ ratio: 0.6 });
    await page.screenshot({ path: info.outputPath('streaming-390.png') });
    await fetch(`${aiBase}/release/${gate}`, { method: 'POST' });
    await expect(toast(page)).toContainText(aiMessages.generated.title);
    await expect(toast(page)).toHaveAttribute('data-toast', 'success');
    await expectToastClearOf(page, page.locator(':focus'));

    // Copy: its toast keeps off the Copy button the owner just used.
    await page.getByRole('button', { name: 'Copy', exact: true }).tap();
    await expect(toast(page)).toContainText(/Copied!|Copy Failed/);
    await expectToastClearOf(page, page.getByRole('button', { name: 'Copy', exact: true }));
    await page.screenshot({ path: info.outputPath('copied-toast-390.png') });
  } finally {
    await context.close();
  }
});

test('desktop: warnings without a success toast, in words; a toast is cleared by the next action; Ctrl+Enter offered', async ({ page }, info) => {
  await page.setViewportSize(viewports.desktop);
  await openTab(page, 'ai-tools');
  await expect(page.getByText(/What to write about/)).toContainText(aiMessages.shortcut);

  await page.getByLabel('Content type').selectOption('meta');
  await page.getByLabel('Prompt').fill('Home page [fake:meta-always-long]');
  await page.getByLabel('Prompt').press('Control+Enter');
  const warning = aiProblems.titleLong(85, aiLimits.meta.titleMax);
  await expect(page.getByText(`Check before using: ${warning}`)).toBeVisible();
  await expect(toast(page)).toContainText(aiMessages.generatedWithProblems.title);
  await expect(toast(page)).not.toHaveAttribute('data-toast', 'success');
  await expect(toast(page)).not.toContainText(aiMessages.generated.title);
  await expectToastClearOf(page, generateButton(page), page.getByText(`Check before using: ${warning}`));
  await page.screenshot({ path: info.outputPath('warnings-1280.png') });

  // The next action (choosing another content type here: a click on a control) clears the toast of the one before.
  await page.getByLabel('Content type').click();
  await expect(toast(page)).toBeHidden();

  // An error toast: the next action clears it too, and the action's own toast replaces it.
  await page.getByLabel('Content type').selectOption('blog');
  await page.getByLabel('Prompt').fill('Anything [fake:server-error]');
  await generateButton(page).click();
  await expect(toast(page)).toHaveAttribute('data-toast', 'destructive');
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast(page)).toBeHidden();
});

test('the hourly limit is shown, and Generate stays off, after a reload', async ({ browser }, info) => {
  // An account of its own: using up its hour must not hold up the other AI tests of this worker.
  const context = await browser.newContext({ viewport: viewports.phone, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  try {
    await asNewClient(page);
    await signIn(page, createOwner('limit', info.workerIndex));
    await expect(page).toHaveURL(adminPaths.home);
    await openTab(page, 'ai-tools');
    const perHour = await page.evaluate(
      async ({ url, history }) => {
        const read = await fetch(history).then((r) => r.json() as Promise<{ status: { generationsPerHour: number } }>);
        const n = read.status.generationsPerHour;
        for (let i = 0; i < n; i++) {
          const answer = await fetch(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ prompt: 'Home page', type: 'meta' }),
          });
          await answer.text();
        }
        return n;
      },
      { url: adminApi.aiGenerate, history: adminApi.aiHistory },
    );
    await page.reload();
    await expect(page.locator('[data-ai-limit]')).toContainText(`You have used all ${perHour} generations for this hour`);
    await page.getByLabel('Prompt').fill('One more');
    await expect(generateButton(page)).toBeDisabled();
    await page.reload();
    await expect(page.locator('[data-ai-limit]')).toBeVisible();
    await expectNoAxeViolations(page, 'AI tools at the limit');
  } finally {
    await context.close();
  }
});
