/**
 * The watched sites and their alerts in the admin (docs/watch.md), at a phone's and a desktop's width: a client's site
 * added, edited, removed and erased through the Sites tab; a seeded site's health (uptime, response time, certificate,
 * score trend) and its alerts, open and closed with their evidence, on the Sites and Alerts tabs and first on the
 * Overview; the quiet hours set and cleared on a phone; axe on each, and screenshots to look at.
 */
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { adminPaths } from '../../src/config/admin';
import { watchQuietHours } from '../../src/config/watch';
import { openDatabase } from '../../src/server/db';
import { openTab, signedInTest as test } from '../support/e2e-admin-session';
import { expectNoAxeViolations, expectNoSidewaysScroll } from '../support/e2e-helpers';

const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
const dayMs = 86_400_000;

/** A client's site with 30 days of history, one open alert and one resolved; its checks are switched off, so the server leaves it be. */
async function seedSite(name: string) {
  const { db } = await openDatabase(process.env.E2E_DATABASE_URL);
  const id = randomUUID();
  const now = Date.now();
  try {
    await db
      .insertInto('watch_sites')
      .values({
        id,
        url: `https://www.${name.toLowerCase().replace(/\W+/g, '-')}.example/`,
        name,
        client_email: 'client@shop.example',
        copy_client: 1,
        own: 0,
        crawl_every_hours: 24,
        availability_every_minutes: 5,
        kinds_off: JSON.stringify(['availability', 'certificate', 'crawl']),
        created_at: now - 30 * dayMs,
        updated_at: now,
        removed_at: null,
      })
      .execute();
    const result = (kind: string, at: number, ok: boolean, extra: { response_ms?: number; score?: number; evidence?: unknown; summary?: string }) => ({
      id: randomUUID(),
      site_id: id,
      kind,
      at,
      ok: ok ? 1 : 0,
      response_ms: extra.response_ms ?? null,
      score: extra.score ?? null,
      summary: extra.summary ?? (ok ? 'Answered 200.' : 'Did not answer.'),
      evidence: JSON.stringify(extra.evidence ?? {}),
    });
    const rows = [
      ...Array.from({ length: 60 }, (_, i) => result('availability', now - i * 12 * 3_600_000, i !== 7, { response_ms: 180 + ((i * 37) % 400) })),
      ...[92, 90, 93, 81, 88].map((score, i) => result('crawl', now - (5 - i) * dayMs, true, { score, summary: `12 pages, score ${score}.` })),
      result('certificate', now - 3_600_000, true, {
        evidence: { validTo: now + 41 * dayMs, daysLeft: 41, names: ['www.shop.example', 'shop.example'] },
        summary: 'Certificate for www.shop.example, 41 days left.',
      }),
    ];
    await db.insertInto('watch_results').values(rows).execute();
    const alert = (open: boolean, title: string, openedAt: number, evidence: unknown) => ({
      id: randomUUID(),
      site_id: id,
      kind: 'crawl',
      problem: `crawl-${randomUUID()}`,
      open_key: open ? `${id}|${randomUUID()}` : null,
      urgent: 0,
      title,
      detail: [
        '- /services began to answer 500 (it answered 200).',
        '- /about: The page has no title.',
        '- 15 pages link to /services, which answers 500.',
      ].join('\n'),
      evidence: JSON.stringify(evidence),
      opened_at: openedAt,
      last_seen_at: now,
      closed_at: open ? null : openedAt + 3_600_000,
    });
    const open = alert(true, `3 new problems on ${name} since the last crawl`, now - 2 * 3_600_000, {
      items: [{ key: 'title-missing|/about|', text: 'The page has no title.' }],
    });
    await db
      .insertInto('watch_alerts')
      .values([open, alert(false, `${name} is down`, now - 3 * dayMs, { status: null, error: 'the connection was refused' })])
      .execute();
    // Its e-mail held by quiet hours for another 5 hours (too far ahead for the server's outbox to send it meanwhile).
    const mailId = randomUUID();
    await db
      .insertInto('mail_outbox')
      .values({
        id: mailId,
        message_id: null,
        kind: 'watch_alert',
        recipient: 'owner@example.com',
        reply_to: null,
        subject: open.title,
        body: open.detail,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now + 5 * 3_600_000,
        locked_until: 0,
        last_error: null,
        created_at: open.opened_at,
        sent_at: null,
        attachments: null,
      })
      .execute();
    await db.insertInto('watch_alert_mails').values({ mail_id: mailId, alert_id: open.id }).execute();
  } finally {
    await db.destroy();
  }
}

for (const [label, viewport] of Object.entries(viewports)) {
  test.describe(`watched sites on a ${label} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('a seeded site shows its health, its alerts are listed open first, and the Overview shows them first', async ({ page }, info) => {
      const name = `Seeded shop ${viewport.width}`;
      await seedSite(name);

      await openTab(page, 'sites');
      const panel = page.getByRole('tabpanel', { name: 'Sites' });
      const card = panel.locator('section', { has: page.getByRole('heading', { name: new RegExp(name) }) });
      // 29.5 days of checks: said since the first, not "over 30 days".
      await expect(card.getByText(/98\.33 % since \d+ \w+, \d\d:\d\d \(60 checks\)/)).toBeVisible();
      await expect(card.getByText(/p50 \d+ ms · p95 \d+ ms/)).toBeVisible();
      await expect(card.getByText(/^expires .* \(41 days left\)/)).toBeVisible();
      await expect(card.getByText('88 out of 100 now; 92 4 crawls ago')).toBeVisible();
      await expect(card.getByText('1 open problem')).toBeVisible();
      await expectNoSidewaysScroll(page, 'sites');
      await expectNoAxeViolations(page, 'sites');
      await page.screenshot({ path: info.outputPath(`sites-${viewport.width}.png`), fullPage: true });

      await card.getByRole('button', { name: 'See the problems' }).click();
      await expect(page).toHaveURL(adminPaths.tab('alerts'));
      const alerts = page.getByRole('tabpanel', { name: 'Alerts' });
      await expect(alerts.getByText(`3 new problems on ${name} since the last crawl`)).toBeVisible();
      // Held by quiet hours: said, with when it goes.
      const heldAlert = alerts.locator('li', { hasText: `3 new problems on ${name} since the last crawl` });
      await expect(heldAlert.getByText('Held', { exact: true })).toBeVisible();
      await expect(heldAlert.locator('[data-alert-held]')).toContainText('Held by quiet hours: its message is sent at');
      await alerts.getByText('All', { exact: true }).click();
      await expect(alerts.getByText(`${name} is down`)).toBeVisible();
      // This site's own alert: the other width's seeded site (a test running beside this one) has the same evidence.
      await heldAlert.getByText('The evidence').click();
      await expect(heldAlert.getByText(/title-missing/)).toBeVisible();
      await expectNoSidewaysScroll(page, 'alerts');
      await expectNoAxeViolations(page, 'alerts');
      await page.screenshot({ path: info.outputPath(`alerts-${viewport.width}.png`), fullPage: true });

      await openTab(page, 'overview');
      const first = page.getByRole('tabpanel', { name: 'Overview' }).locator('section').first();
      await expect(first.getByRole('heading', { name: /open alerts?$/ })).toBeVisible();
      await expect(first.getByText(`3 new problems on ${name} since the last crawl`)).toBeVisible();
    });

    test('a client site is added (a private address refused with the reason), edited, removed and erased', async ({ page }) => {
      const name = `Client ${viewport.width} ${Date.now()}`;
      await openTab(page, 'sites');
      const panel = page.getByRole('tabpanel', { name: 'Sites' });
      // Focus goes into the form when it opens and back to its button when it closes (issue 41).
      const add = panel.getByRole('button', { name: "Add a client's site" });
      await add.click();
      await expect(panel.getByLabel('Address')).toBeFocused();
      await panel.getByRole('button', { name: 'Cancel' }).click();
      await expect(add).toBeFocused();
      await add.click();
      await panel.getByLabel('Address').fill('http://192.168.1.20/');
      await panel.getByLabel('Name', { exact: true }).fill(name);
      // Its checks off: the server then has nothing to fetch (the test adds a name that does not resolve).
      for (const check of ['Availability', 'HTTPS certificate', 'Crawl and changes']) await panel.getByRole('checkbox', { name: check }).uncheck();
      await panel.getByRole('button', { name: 'Add site' }).click();
      await expect(panel.getByText(/192\.168\.1\.20 resolves to a private address \(192\.168\.1\.20, private network\)/)).toBeVisible();
      await panel.getByLabel('Address').fill(`https://www.client-${viewport.width}.example`);
      await panel.getByRole('button', { name: 'Add site' }).click();
      const card = panel.locator('section', { has: page.getByRole('heading', { name: new RegExp(name) }) });
      await expect(card).toBeVisible();
      await expect(add).toBeFocused();

      await card.getByRole('button', { name: `Edit ${name}` }).click();
      await expect(card.getByLabel('Name', { exact: true })).toBeFocused();
      await card.getByLabel('Name', { exact: true }).fill(`${name} renamed`);
      await card.getByRole('button', { name: 'Save' }).click();
      const renamed = panel.locator('section', { has: page.getByRole('heading', { name: new RegExp(`${name} renamed`) }) });
      await expect(renamed).toBeVisible();
      await expect(renamed.getByRole('button', { name: `Edit ${name} renamed` })).toBeFocused();

      page.once('dialog', (dialog) => void dialog.accept());
      await renamed.getByRole('button', { name: `Remove ${name} renamed` }).click();
      await expect(renamed.getByText('Removed', { exact: true })).toBeVisible();
      page.once('dialog', (dialog) => void dialog.accept());
      await renamed.getByRole('button', { name: `Erase ${name} renamed` }).click();
      await expect(renamed).toHaveCount(0);
    });
  });
}

// One setting for the whole site: set and cleared by one test, at a phone's width.
test.describe('quiet hours on a phone (390 px)', () => {
  test.use({ viewport: viewports.phone });

  test('the owner sets quiet hours across midnight, sees them after a reload, and clears them', async ({ page }, info) => {
    await openTab(page, 'sites');
    const panel = page.getByRole('tabpanel', { name: 'Sites' });
    const card = panel.locator('section', { has: page.getByRole('heading', { name: watchQuietHours.title }) });
    await expect(card.getByText(watchQuietHours.none)).toBeVisible();

    // Refused in the browser with the reason: the same start and end.
    await card.getByLabel('From (UK time)').fill('22:00');
    await card.getByLabel('Until (UK time)').fill('22:00');
    await card.getByRole('button', { name: 'Set quiet hours' }).click();
    await expect(card.getByText(watchQuietHours.sameTimes)).toBeVisible();

    await card.getByLabel('Until (UK time)').fill('07:00');
    await card.getByRole('button', { name: 'Set quiet hours' }).click();
    await expect(card.getByText(watchQuietHours.admin('22:00', '07:00'))).toBeVisible();
    await expectNoSidewaysScroll(page, 'quiet hours set');
    await expectNoAxeViolations(page, 'quiet hours set');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath('quiet-hours-390.png') });

    // Kept on the server: still there after a reload.
    await page.reload();
    const reloaded = page.getByRole('tabpanel', { name: 'Sites' }).locator('section', { has: page.getByRole('heading', { name: watchQuietHours.title }) });
    await expect(reloaded.getByText(watchQuietHours.admin('22:00', '07:00'))).toBeVisible();
    await expect(reloaded.getByLabel('From (UK time)')).toHaveValue('22:00');

    await reloaded.getByRole('button', { name: 'Clear quiet hours' }).click();
    await expect(reloaded.getByText(watchQuietHours.none)).toBeVisible();
    await expect(reloaded.getByRole('button', { name: 'Clear quiet hours' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(watchQuietHours.none)).toBeVisible();
  });
});
