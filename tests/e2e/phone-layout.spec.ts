/**
 * The cockpit's Reports, Sites, Alerts and Search tabs and the client's report link at a phone's 390 px and a desktop's
 * 1280 px, over a client's site seeded with what squeezes a layout: a long name, a long host name, big numbers (123,456
 * impressions), long searches and page addresses. On each view nothing is wider than the screen, no word or number
 * is broken across lines (a host name only after its dots, an address's path anywhere), an opened search row's
 * detail is inside the list's visible part, the client's page has no phones' call bar, and axe finds nothing.
 * Screenshots are written to test-results/phone-layout-*.png for review.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db';
import { replaceDays, stageRows } from '../../src/server/features/search/store.mjs';
import { openTab, signedInTest as test } from '../support/e2e-admin-session';
import { expectNoAxeViolations, expectNoSidewaysScroll } from '../support/e2e-helpers';

const widths = [390, 1280] as const;
const dayMs = 86_400_000;
/** One seeded site per worker (each worker seeds its own in beforeAll), named apart. */
const siteId = `e2e-layout-${randomUUID()}`;
const siteName = `Hatfield Artisan Sourdough and Patisserie Collective ${siteId.slice(-4)}`;
const host = 'shop.hatfield-artisan-sourdough.bakery.hertfordshire.co.uk';
const longPage = '/blog/how-to-keep-a-sourdough-starter-alive-through-a-cold-hertfordshire-winter';
const longQuery = 'sourdough bread delivery hatfield and welwyn garden city';
/** The figures as the report writes them, worked out here from the seeded numbers. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const impressions = 123_456;
const clicks = 4_321;
const periodLabel = '1 to 31 March 2025';
/** The client's link: a token of the shape the product makes, stored as its SHA-256 hash. */
const token = randomBytes(32).toString('base64url');

const iso = (offset: number) => new Date(Date.now() + offset * dayMs).toISOString().slice(0, 10);
const days = Array.from({ length: 28 }, (_, i) => iso(-28 + i));

/** A report as the product stores it (its JSON), with the seeded site's long name, host and big numbers. */
function reportData() {
  const totals = { clicks, impressions, ctr: clicks / impressions, position: 7.4 };
  return {
    version: 1,
    site: { key: siteId, name: siteName, url: `https://${host}/`, clientName: siteName, clientEmail: null, thisSite: false, watchedSince: null },
    period: { month: null, from: '2025-03-01', to: '2025-03-31', label: periodLabel },
    generatedAt: Date.now(),
    sections: {
      crawl: {
        available: true,
        data: {
          score: 88,
          trend: [90, 85, 88].map((score, i) => ({ at: Date.UTC(2025, 2, 5 + i * 10), score })),
          pages: 1_234,
          newProblems: [{ message: 'The page answers 404.', url: `https://${host}${longPage}` }],
          fixedProblems: [],
          newCount: 1,
          fixedCount: 0,
        },
      },
      uptime: { available: true, data: { checks: 8_928, uptime: 0.9987, responseP50Ms: 1_234, responseP95Ms: 12_345 } },
      certificate: { available: true, data: { expiresAt: Date.UTC(2025, 5, 1), daysLeft: 62, hosts: [host, host.replace(/^shop\./, '')] } },
      alerts: {
        available: true,
        data: { opened: [{ title: `${host} is down`, openedAt: Date.UTC(2025, 2, 9), closedAt: Date.UTC(2025, 2, 9, 2) }], closed: [] },
      },
      search: {
        available: true,
        data: {
          sources: ['Google'],
          missing: [],
          covered: null,
          partial: { previous: null, lastYear: null },
          current: totals,
          previous: { clicks: 3_999, impressions: 110_987, ctr: 3_999 / 110_987, position: 8.1 },
          lastYear: null,
          topQueries: [{ key: longQuery, ...totals }],
          topPages: [{ key: longPage, ...totals }],
          intoTop10: [{ query: longQuery, position: 7.4, previousPosition: 12.3 }],
          outOfTop10: [],
        },
      },
      visits: {
        available: true,
        data: { current: { visitors: 98_765, visits: 123_456, pageViews: 456_789, conversions: 1_234 }, previous: null, lastYear: null, covered: null },
      },
      enquiries: { available: true, data: { count: 1_234, previous: 1_111, lastYear: null, covered: null } },
      vitals: { available: false, reason: 'No real-user measurements for a client’s site.' },
    },
  };
}

test.beforeAll(async () => {
  const { db } = await openDatabase(process.env.E2E_DATABASE_URL);
  const now = Date.now();
  try {
    // A worker that comes back to this file (fully parallel: its tests are shared out) runs this again: seeded once.
    if (await db.selectFrom('watch_sites').select('id').where('id', '=', siteId).executeTakeFirst()) return;
    // A client's site with its checks off (the server leaves it be), added now (no earlier month's report is due).
    await db
      .insertInto('watch_sites')
      .values({
        id: siteId,
        url: `https://${host}/`,
        name: siteName,
        client_email: 'owner.of.the.hatfield.artisan.sourdough@patisserie-collective.example',
        copy_client: 0,
        own: 0,
        crawl_every_hours: 24,
        availability_every_minutes: 5,
        kinds_off: JSON.stringify(['availability', 'certificate', 'crawl']),
        created_at: now,
        updated_at: now,
        removed_at: null,
      })
      .execute();
    const result = (kind: string, at: number, extra: { response_ms?: number; score?: number; summary: string; evidence?: unknown }) => ({
      id: randomUUID(),
      site_id: siteId,
      kind,
      at,
      ok: 1,
      response_ms: extra.response_ms ?? null,
      score: extra.score ?? null,
      summary: extra.summary,
      evidence: JSON.stringify(extra.evidence ?? {}),
    });
    await db
      .insertInto('watch_results')
      .values([
        result('availability', now - 3_600_000, { response_ms: 12_345, summary: `https://${host}/ answered 200 in 12,345 ms.` }),
        result('crawl', now - 2 * 3_600_000, { score: 88, summary: '1,234 pages, score 88.' }),
        result('certificate', now - 3_600_000, {
          summary: `Certificate for ${host}, 62 days left.`,
          evidence: { validTo: now + 62 * dayMs, daysLeft: 62, names: [host, host.replace(/^shop\./, '')] },
        }),
      ])
      .execute();
    await db
      .insertInto('watch_alerts')
      .values({
        id: randomUUID(),
        site_id: siteId,
        kind: 'availability',
        problem: `down-${randomUUID()}`,
        open_key: `${siteId}|down`,
        urgent: 1,
        title: `${host} is down`,
        detail: `https://${host}${longPage} did not answer within 10 seconds.`,
        evidence: JSON.stringify({ url: `https://${host}/`, error: 'the connection timed out' }),
        opened_at: now - 3_600_000,
        last_seen_at: now,
        closed_at: null,
      })
      .execute();
    // Its search figures, stored as the sync stores a client's: a long search and a long page, big numbers.
    const rows = days.map((day, i) => ({
      day,
      query: longQuery,
      page: longPage,
      device: 'MOBILE',
      clicks: 150 + i,
      impressions: 4_400 + i,
      position: 7,
    }));
    await stageRows(db, siteId, 'google', rows, siteId);
    await replaceDays(db, siteId, 'google', days[0]!, days.at(-1)!, siteId);
    // The report and its client's link.
    const reportId = randomUUID();
    await db
      .insertInto('reports')
      .values({
        id: reportId,
        site_key: siteId,
        month: null,
        period_from: '2025-03-01',
        period_to: '2025-03-31',
        status: 'draft',
        data: JSON.stringify(reportData()),
        summary: `A steady month: ${grouped(impressions)} impressions and ${grouped(clicks)} clicks from search.`,
        created_at: now,
        updated_at: now,
        approved_at: null,
        sent_at: null,
        recipient: null,
      })
      .execute();
    await db
      .insertInto('report_links')
      .values({
        token_hash: createHash('sha256').update(token).digest('hex'),
        report_id: reportId,
        created_at: now,
        expires_at: now + 30 * dayMs,
        revoked_at: null,
      })
      .execute();
  } finally {
    await db.destroy();
  }
});

/**
 * Runs in the page: each word or number under `root` whose letters lie on more than one line. Words are split at
 * spaces and after hyphens, dashes and slashes (where a line may end); a host name's labels are text of their own
 * (it may wrap after its dots), and an address's path (`[data-address-path]`) may break anywhere, so it is left out.
 */
function splitWords(root: string): string[] {
  const split: string[] = [];
  for (const scope of document.querySelectorAll(root)) {
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest('[data-address-path]')) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s\-–—/]+[-–—/]?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set<number>();
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top / 3));
        if (tops.size > 1) split.push(match[0]);
      }
    }
  }
  return split;
}

/**
 * Runs in the page: what makes it scroll sideways — each element wider than its parent's box where the parent itself
 * fits in its own (the outermost overflow, not everything inside it).
 */
function widerThanScreen(): string[] {
  const wider = (el: Element) => {
    const parent = el.parentElement;
    if (parent === null || getComputedStyle(el).display === 'inline') return false;
    const style = getComputedStyle(parent);
    return style.overflowX === 'visible' && !['inline', 'contents'].includes(style.display) && el.getBoundingClientRect().width > parent.clientWidth + 0.5;
  };
  return [...document.body.querySelectorAll('*')]
    .filter((el) => wider(el) && !(el.parentElement && wider(el.parentElement)))
    .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().width)} px)`);
}

async function expectFits(page: Page, width: number, view: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  const culprits = scrollWidth > width ? await page.evaluate(widerThanScreen) : [];
  expect(scrollWidth, `${view}: the page's width (past the edge: ${culprits.join(', ')})`).toBeLessThanOrEqual(width);
  await expectNoSidewaysScroll(page, view);
}

/** A figure of the report, found by its label. */
const figure = (page: Page, scope: Page | Locator, label: string) =>
  scope.locator('dl > div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).first();

/** Runs in the page: each host name's label under `root` that is cut short (one too wide for its line is). */
function cutShortLabels(root: string): string[] {
  return [...document.querySelectorAll(`${root} [data-host-label]`)]
    .filter((label) => label.getClientRects().length > 0 && label.scrollWidth > label.clientWidth + 0.5)
    .map((label) => label.textContent ?? '');
}

async function expectWordsWhole(page: Page, root: string, view: string) {
  await expect(page.locator(root).first()).toBeVisible();
  expect(await page.evaluate(splitWords, root), `${view}: words broken across lines`).toEqual([]);
  expect(await page.evaluate(cutShortLabels, root), `${view}: host names cut short`).toEqual([]);
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('the client’s report link: figures and headings whole, no call bar, nothing wider than the screen, axe', async ({ page }, info) => {
      await page.goto(`/reports/${token}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(siteName);
      await expect(figure(page, page, 'Impressions')).toContainText(grouped(impressions));
      // The public site's calls to action are not offered to a client reading their report.
      await expect(page.getByRole('navigation', { name: 'Quick actions' })).toHaveCount(0);
      await expectFits(page, width, 'client report');
      await expectWordsWhole(page, 'main article', 'client report');
      await expectNoAxeViolations(page, 'client report');
      await page.screenshot({ path: info.outputPath(`client-report-${width}.png`), fullPage: true });
      await page.screenshot({ path: `test-results/phone-layout-client-report-${width}.png`, fullPage: true });
    });

    test('the Reports tab with the report open', async ({ page }) => {
      await openTab(page, 'reports');
      await page.getByRole('button', { name: `${siteName}, ${periodLabel}` }).click();
      const preview = page.getByRole('region', { name: 'What the client sees' });
      await expect(figure(page, preview, 'Impressions')).toContainText(grouped(impressions));
      await expectFits(page, width, 'reports tab');
      await expectWordsWhole(page, '[role=tabpanel]:not([hidden])', 'reports tab');
      await expectNoAxeViolations(page, 'reports tab');
      await page.screenshot({ path: `test-results/phone-layout-reports-${width}.png`, fullPage: true });
    });

    test('the Sites tab', async ({ page }) => {
      await openTab(page, 'sites');
      const card = page.getByRole('tabpanel', { name: 'Sites' }).locator('section', { has: page.getByRole('heading', { name: siteName }) });
      await expect(card.getByText(/12,345 ms/).first()).toBeVisible();
      await expectFits(page, width, 'sites tab');
      await expectWordsWhole(page, '[role=tabpanel]:not([hidden])', 'sites tab');
      await expectNoAxeViolations(page, 'sites tab');
      await page.screenshot({ path: `test-results/phone-layout-sites-${width}.png`, fullPage: true });
    });

    test('the Alerts tab', async ({ page }) => {
      await openTab(page, 'alerts');
      const alert = page
        .getByRole('tabpanel', { name: 'Alerts' })
        .locator('li', { hasText: `${host} is down` })
        .filter({ hasText: siteName });
      await expect(alert).toBeVisible();
      await alert.getByText('The evidence').click();
      await expectFits(page, width, 'alerts tab');
      await expectWordsWhole(page, '[role=tabpanel]:not([hidden])', 'alerts tab');
      await expectNoAxeViolations(page, 'alerts tab');
      await page.screenshot({ path: `test-results/phone-layout-alerts-${width}.png`, fullPage: true });
    });

    test('the Search tab with a page’s row opened', async ({ page }) => {
      await openTab(page, 'search');
      await page.getByRole('combobox', { name: 'Site', exact: true }).selectOption({ label: siteName });
      await expect(page).toHaveURL(new RegExp(`site=${siteId}`));
      const list = page.locator('[data-search-list=pages]');
      await list.getByRole('button', { name: longPage }).click();
      const detail = page.locator('[data-search-detail]');
      await expect(detail).toBeVisible();
      // The detail is within the list's visible part: nothing of it cut off by the table's scroll box.
      const region = page.getByRole('region', { name: 'Top pages' });
      const [inner, outer] = [await detail.boundingBox(), await region.boundingBox()];
      expect(inner!.x, 'the detail starts inside the list').toBeGreaterThanOrEqual(outer!.x - 1);
      expect(inner!.x + inner!.width, 'the detail ends inside the list').toBeLessThanOrEqual(outer!.x + outer!.width + 1);
      await expectFits(page, width, 'search tab');
      await expectWordsWhole(page, '[data-search-detail]', 'search detail');
      await expectNoAxeViolations(page, 'search tab');
      await page.screenshot({ path: `test-results/phone-layout-search-${width}.png`, fullPage: true });
    });
  });
}
