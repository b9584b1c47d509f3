/**
 * "Check now" and acknowledging an alert (issue 40) on a phone (390 px): a client's site the test serves on loopback
 * is checked at once from its card, whose latest checks show the new result without a reload; a second check within
 * the minute is refused in words; the alert the check raised (the site has no HTTPS) is acknowledged from the keyboard
 * with a note, shown with who, when and the note after a reload, and set back; its response time and incidents are
 * said in words beside their chart. No sideways scroll, axe on each.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { expect } from '@playwright/test';
import { watchAlertHandling, watchCheckNow, watchHistoryPeriods, watchHistoryText } from '../../src/config/watch';
import { openDatabase } from '../../src/server/db';
import { openTab, signedInTest as test } from '../support/e2e-admin-session';
import { expectNoAxeViolations, expectNoSidewaysScroll } from '../support/e2e-helpers';

const port = Number(process.env.E2E_WATCH_FIXTURE_PORT);
const origin = `http://127.0.0.1:${port}`;

/** The client's site: a home page, robots.txt and a sitemap, over plain http (so its certificate check raises an alert). */
const site = http.createServer((req, res) => {
  if (req.url === '/robots.txt') {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    return res.end(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
  }
  if (req.url === '/sitemap.xml') {
    res.writeHead(200, { 'Content-Type': 'application/xml' });
    return res.end(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/</loc></url></urlset>`,
    );
  }
  res.writeHead(req.url === '/' ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><html lang="en-GB"><head><title>Check now shop</title></head><body><h1>Shop</h1></body></html>');
});

test.beforeAll(() => new Promise<void>((resolve) => site.listen(port, '127.0.0.1', resolve)));
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

/** The site, its checks not due for a day (so the server's own pass does not run them meanwhile), its crawl off. */
async function seedSite(name: string) {
  const { db } = await openDatabase(process.env.E2E_DATABASE_URL);
  const id = randomUUID();
  const now = Date.now();
  try {
    await db
      .insertInto('watch_sites')
      .values({
        id,
        url: `${origin}/`,
        name,
        client_email: null,
        copy_client: 0,
        own: 0,
        crawl_every_hours: 24,
        availability_every_minutes: 5,
        kinds_off: JSON.stringify(['crawl']),
        created_at: now,
        updated_at: now,
        removed_at: null,
      })
      .execute();
    await db
      .insertInto('watch_schedule')
      .values(['availability', 'certificate'].map((kind) => ({ site_id: id, kind, next_due_at: now + 86_400_000, last_run_at: null })))
      .execute();
  } finally {
    await db.destroy();
  }
}

test.describe('check now and acknowledge on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a site is checked now, shown without a reload, refused again within the minute; its alert is acknowledged by keyboard', async ({ page }, info) => {
    const name = `Check now shop ${Date.now()}`;
    await seedSite(name);
    await openTab(page, 'sites');
    const panel = page.getByRole('tabpanel', { name: 'Sites' });
    const card = panel.locator('section', { has: page.getByRole('heading', { name: new RegExp(name) }) });
    await expect(card.getByText('None yet: the first run within a minute of adding.')).toBeVisible();

    await card.getByRole('button', { name: `Check ${name} now` }).click();
    // The result in the card from the answer: no reload.
    await expect(card.locator('[data-check-now]')).toHaveText(watchCheckNow.done(name), { timeout: 30_000 });
    await expect(card.getByText(new RegExp(`${origin.replace(/[.:/]/g, '\\$&')}/ answered 200 in \\d+ ms`))).toBeVisible();
    await expect(card.getByText(/has no HTTPS|served over plain http/).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'checked now');
    await expectNoAxeViolations(page, 'checked now');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath('check-now-390.png') });

    // Again within the minute: refused, in words.
    await card.getByRole('button', { name: `Check ${name} now` }).click();
    await expect(card.locator('[data-check-now]')).toHaveText(watchCheckNow.tooSoon(name, 1));

    // Its response time and incidents, from the one check stored: opened by keyboard, said in words beside the chart.
    await card.getByText(watchHistoryText.open).focus();
    await page.keyboard.press('Enter');
    await expect(card.locator('[data-history-summary]')).toHaveText(/^1 check, all answered; response time median (\d+) ms, slowest \1 ms\.$/);
    await expect(card.getByText(watchHistoryText.noIncidents)).toBeVisible();
    await card.getByText(watchHistoryPeriods['7d'].label).click();
    await expect(card.locator('[data-history="7d"] [data-history-summary]')).toHaveText(/^1 check, all answered/);
    await expectNoSidewaysScroll(page, 'history');
    await expectNoAxeViolations(page, 'history');

    // The alert it raised, acknowledged from the keyboard with a note.
    await openTab(page, 'alerts');
    const alerts = page.getByRole('tabpanel', { name: 'Alerts' });
    const host = `127.0.0.1:${port}`;
    const item = alerts.locator('li', { hasText: `${host} has no HTTPS` }).filter({ hasText: name });
    await expect(item).toHaveCount(1);
    const summary = item.getByText(`${watchAlertHandling.states.acknowledged.action} or mute`);
    await summary.focus();
    await page.keyboard.press('Enter');
    await item.getByLabel(watchAlertHandling.noteLabel).fill('Client is buying a certificate this week.');
    await item.getByRole('button', { name: watchAlertHandling.states.acknowledged.action, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(item.locator('[data-alert-handling]')).toHaveText(watchAlertHandling.states.acknowledged.done);
    await expect(item.locator('[data-alert-handled="acknowledged"]')).toContainText(
      /Acknowledged by worker-\d+-\d+@example\.com on \d+ \w+, \d\d:\d\d \(UK time\)/,
    );
    await expect(item.getByText('Note: Client is buying a certificate this week.')).toBeVisible();
    await expect(item.getByText(watchAlertHandling.states.acknowledged.badge, { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page, 'acknowledged');
    await expectNoAxeViolations(page, 'acknowledged');
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath('acknowledged-390.png') });

    // Stored: still acknowledged after a reload; then set back.
    await page.reload();
    const again = page
      .getByRole('tabpanel', { name: 'Alerts' })
      .locator('li', { hasText: `${host} has no HTTPS` })
      .filter({ hasText: name });
    await expect(again.locator('[data-alert-handled="acknowledged"]')).toBeVisible();
    await again.getByRole('button', { name: new RegExp(`^${watchAlertHandling.undo}: `) }).click();
    await expect(again.locator('[data-alert-handling]')).toHaveText(watchAlertHandling.undone);
    await expect(again.locator('[data-alert-handled]')).toHaveCount(0);
  });
});
