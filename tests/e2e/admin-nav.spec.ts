/**
 * The admin's navigation (issue 40) at a phone's 390 px and a desktop's 1280 px: the header is one row, nothing is
 * wider than the screen, the dashboard's tablist (one group's tabs) is one row, every one of the twelve destinations
 * is two activations away (the Menu or a group, then the place), the current place is marked, the disclosures work
 * with the keyboard (Escape closes and returns focus), and axe finds nothing with a menu open. Screenshots are written
 * to test-results for review.
 */
import { expect, type Page } from '@playwright/test';
import { adminGroups, adminPlace, type AdminPlace, dashboardTitle, groupTabs } from '../../src/config/admin';
import { openTab, signedInTest as test } from '../support/e2e-admin-session';
import { expectNoAxeViolations, expectNoSidewaysScroll } from '../support/e2e-helpers';

const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
/** One row of controls 44 px tall (the admin's touch size) with the header's padding and border; a second row would add 44 px. */
const oneRowHeight = 72;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
/** The navigation's island has hydrated once its buttons answer (Astro drops the island's `ssr` mark first). */
const navReady = (page: Page) => expect(page.locator('astro-island:has(nav[aria-label=Admin])')).not.toHaveAttribute('ssr', '');

/** The button that shows `place` at this width: the Menu on a phone, its group on a wider screen (none for a group of one). */
function opener(page: Page, phone: boolean, place: AdminPlace) {
  if (phone) return nav(page).getByRole('button', { name: 'Menu' });
  const group = adminGroups.find((g) => (g.places as readonly AdminPlace[]).includes(place))!;
  return group.places.length === 1 ? null : nav(page).getByRole('button', { name: group.label });
}

for (const [label, viewport] of Object.entries(viewports)) {
  const phone = viewport.width < 1024; // below `lg` the navigation is one Menu
  test.describe(`the admin's navigation on a ${label} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('one row, nothing off the side, every place two activations away and marked when there', async ({ page }, info) => {
      test.setTimeout(120_000);
      await openTab(page, 'overview');
      await navReady(page);
      const header = page.locator('body > header');
      const headerBox = (await header.boundingBox())!;
      expect(headerBox.height, 'the header is one row').toBeLessThanOrEqual(oneRowHeight);
      const navSize = await nav(page).evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        height: el.getBoundingClientRect().height,
      }));
      expect(navSize.scrollWidth, 'nothing of the navigation off its side').toBeLessThanOrEqual(navSize.clientWidth);
      expect(navSize.height, 'the navigation is one row').toBeLessThanOrEqual(48);
      const tablist = page.getByRole('tablist', { name: dashboardTitle('overview') });
      const tabs = await tablist.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, height: el.getBoundingClientRect().height }));
      expect(tabs.scrollWidth, 'nothing of the tablist off its side').toBeLessThanOrEqual(tabs.clientWidth);
      expect(tabs.height, 'the tablist is one row').toBeLessThanOrEqual(48);
      await expectNoSidewaysScroll(page, 'dashboard');
      await page.screenshot({ path: info.outputPath(`admin-nav-closed-${viewport.width}.png`) });

      // Open: the list is in sight, whole, and axe finds nothing.
      const first = opener(page, phone, 'overview')!;
      await first.click();
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      const overviewLink = nav(page).getByRole('link', { name: adminPlace('overview').label });
      await expect(overviewLink).toBeInViewport({ ratio: 1 });
      await expect(overviewLink).toHaveAttribute('aria-current', 'page');
      await expectNoSidewaysScroll(page, 'menu open');
      await expectNoAxeViolations(page, 'menu open');
      await page.screenshot({ path: info.outputPath(`admin-nav-open-${viewport.width}.png`) });
      // A click outside closes it.
      await page.mouse.click(4, viewport.height - 4);
      await expect(first).toHaveAttribute('aria-expanded', 'false');

      for (const group of adminGroups) {
        for (const place of group.places) {
          const { label: name, href } = adminPlace(place);
          const button = opener(page, phone, place);
          if (button) await button.click();
          await nav(page).getByRole('link', { name, exact: true }).click();
          await expect(page).toHaveURL(href);
          await navReady(page);
          if (button) await button.click();
          await expect(nav(page).getByRole('link', { name, exact: true }), `${name} marked as the current page`).toHaveAttribute('aria-current', 'page');
          await expect(nav(page).locator('[aria-current=page]:visible')).toHaveCount(1);
          await page.keyboard.press('Escape');
        }
      }
    });

    test('with the keyboard: Enter opens, Tab reaches the places, Escape closes and returns focus; the tablist is the group’s tabs', async ({ page }) => {
      await openTab(page, 'sites');
      await navReady(page);
      const button = opener(page, phone, 'sites')!;
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Tab');
      const firstPlace = phone ? adminPlace(adminGroups[0].places[0]).label : adminPlace('sites').label;
      await expect(nav(page).getByRole('link', { name: firstPlace, exact: true })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toBeFocused();

      // The dashboard's tablist holds the group's tabs, in order; the arrows stay in it.
      const clients = adminGroups.find((g) => g.id === 'clients')!;
      const tablist = page.getByRole('tablist', { name: clients.label });
      await expect(tablist.getByRole('tab')).toHaveText(groupTabs(clients).map((t) => t.label));
      await tablist.getByRole('tab', { selected: true }).focus();
      await page.keyboard.press('End');
      const last = groupTabs(clients).at(-1)!;
      await expect(tablist.getByRole('tab', { name: last.label })).toBeFocused();
      // The navigation marks the tab chosen without a new page.
      if (!phone) await nav(page).getByRole('button', { name: clients.label }).click();
      else await nav(page).getByRole('button', { name: 'Menu' }).click();
      await expect(nav(page).getByRole('link', { name: last.label, exact: true })).toHaveAttribute('aria-current', 'page');
    });
  });
}
