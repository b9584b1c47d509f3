/**
 * The free instant audit in Chromium, against fixture sites with planted defects on loopback (allowed through
 * SITE_CHECK_ALLOW_HOSTS): with JavaScript (a form sent too fast is refused; progress streamed; the results; the
 * report by e-mail → an enquiry in the owner's inbox and the PDF received by the mail server), without JavaScript
 * (the form posts, the results page refreshes until done), the fourth audit in an hour refused, a private address
 * refused. Markup in the site's titles is shown as text.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { adminPaths } from '../../src/config/admin';
import { auditLimits, auditMessages, ruleWhy } from '../../src/config/audit';
import { paths } from '../../src/config/paths';
import { rules } from '../../src/lib/sitecheck-rules.mjs';
import { FixtureSite, markupTitle } from '../support/fixture-site';
import { signedInTest as test } from './admin-session';
import { asNewClient } from './contact-form';

// One worker: the fixtures listen on ports the server was told of (playwright.config.ts).
test.describe.configure({ mode: 'serial' });

// Plain HTTP; /slow answers after two seconds, long enough to watch the progress.
const withJs = new FixtureSite('audit', 2000, false);
const withoutJs = new FixtureSite('audit', 2000, false);
test.beforeAll(async () => {
  await withJs.start(Number(process.env.E2E_AUDIT_FIXTURE_PORT));
  await withoutJs.start(Number(process.env.E2E_AUDIT_FIXTURE2_PORT));
});
test.afterAll(async () => {
  await withJs.stop();
  await withoutJs.stop();
});
test.beforeEach(async ({ page }) => asNewClient(page));

const field = (page: Page) => page.getByLabel(auditMessages.fieldLabel);
const submit = (page: Page) => page.getByRole('button', { name: auditMessages.submit });
const refusal = (page: Page) => page.locator('#audit-url-error');

async function expectResults(page: Page) {
  await expect(page.getByRole('heading', { name: 'Score', exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('[data-score]')).toHaveText(/^\d+$/);
  for (const rule of ['title-missing', 'h1-missing', 'broken-link'] as const) {
    await expect(page.getByRole('heading', { name: new RegExp(`^\\d+\\. ${rules[rule]!.title}$`) }).first()).toBeAttached();
  }
  await expect(page.getByText(ruleWhy['title-missing']).first()).toBeAttached();
  // The site's title is markup; it is shown as text, and nothing of it runs.
  await page.getByText(/All \d+ kinds of problem found/).click();
  await expect(page.getByText(markupTitle, { exact: false }).first()).toBeVisible();
  await expect(page.locator('#injected')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { injected?: number }).injected)).toBeUndefined();
  // Every finding names its page, and an image without alt text its address (the full list is open now); counts take
  // the right plural.
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: /^\/no-alt: 1 image has no alt attribute: \/img\.png\.$/ })
      .first(),
  ).toBeAttached();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: /^\/no-h1: / })
      .first(),
  ).toBeAttached();
  await expect(page.getByText(/^\d+ errors?, \d+ warnings? and \d+ notices? on \d+ pages? checked\.$/)).toBeVisible();
  await expect(page.getByText(/(?<![\d.,])1 (errors|warnings|notices|pages|points)\b/)).toHaveCount(0);
}

test('with JavaScript: too fast is refused, progress is streamed, the results shown, the report e-mailed and in the inbox', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.clock.install();
  await page.goto(paths.freeAudit);
  await field(page).fill(withJs.origin);
  // Sent at once, as a script would: refused, with the address kept.
  await submit(page).click();
  await expect(refusal(page)).toHaveText(auditMessages.tooFast);
  await expect(field(page)).toHaveValue(withJs.origin);

  // As a person would: some seconds later.
  await page.clock.fastForward(auditLimits.minFillMs + 1000);
  // The results page follows the audit through the server's event stream.
  const stream = page.waitForResponse((response) => /\/api\/audit\/[A-Za-z0-9_-]{32}\/events$/.test(response.url()));
  await submit(page).click();
  expect((await stream).headers()['content-type']).toContain('text/event-stream');
  await expect(page).toHaveURL(/\/free-seo-audit\/results\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole('status').filter({ hasText: /Checking page \d+ of \d+…|Reading robots\.txt/ })).toBeVisible();
  await expectResults(page);
  const resultsUrl = new URL(page.url()).pathname;

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // "Email me the full report".
  const email = `visitor-${Date.now()}@example.com`;
  await page.getByLabel('Your name').fill('Pat Visitor');
  await page.getByLabel('Your e-mail').fill(email);
  await page.getByRole('button', { name: 'Email me the full report' }).click();
  await expect(page.getByText(auditMessages.reportSent)).toBeVisible();

  // The PDF reached the visitor through the outbox and the mail server.
  await expect
    .poll(
      async () => {
        const messages = (await (await request.get(`http://127.0.0.1:${process.env.E2E_SMTP_HTTP_PORT}/messages`)).json()) as { to: string[]; raw: string }[];
        const mail = messages.find((m) => m.to.includes(email));
        return mail ? /Content-Type: application\/pdf; name=seo-audit-127\.0\.0\.1-\d+\.pdf/.test(mail.raw) && mail.raw.includes(resultsUrl) : null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // The owner's inbox has the enquiry, of type audit, with the report linked.
  await page.goto(adminPaths.leads);
  const lead = page.getByRole('link', { name: `Free SEO audit report: ${new URL(withJs.origin).host}` }).first();
  await expect(lead).toBeVisible();
  await lead.click();
  await expect(page.getByText(resultsUrl, { exact: false })).toBeVisible();
  // And the Testing tab lists the audit as having become an enquiry.
  await page.goto(adminPaths.tab('testing'));
  const row = page.getByRole('row', { name: new RegExp(withJs.origin.replace(/[.:/]/g, '\\$&')) }).first();
  await expect(row).toContainText('Yes');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts, the page refreshes while the audit runs, then shows the results', async ({ page }) => {
    await page.goto(paths.freeAudit);
    await field(page).fill(withoutJs.origin);
    await submit(page).click();
    await expect(page).toHaveURL(/\/free-seo-audit\/results\//);
    await expect(page.getByText(/Checking page \d+ of \d+…|Reading robots\.txt|number \d+ in the queue/)).toBeVisible();
    await expectResults(page);
  });

  test('the fourth audit in an hour is refused', async ({ page }) => {
    for (let i = 0; i < auditLimits.perClient; i++) {
      await page.goto(paths.freeAudit);
      await field(page).fill(withoutJs.origin);
      await submit(page).click();
      await expect(page).toHaveURL(/\/free-seo-audit\/results\//);
    }
    await page.goto(paths.freeAudit);
    await field(page).fill(withoutJs.origin);
    await submit(page).click();
    await expect(refusal(page)).toContainText(`You have asked for ${auditLimits.perClient} audits in the last hour`);
    await expect(page.getByRole('link', { name: 'Ask for a full audit by message' })).toHaveAttribute('href', paths.contact('audit'));
  });

  test('a private address is refused with a clear message', async ({ page }) => {
    await page.goto(paths.freeAudit);
    await field(page).fill('http://192.168.1.10/');
    await submit(page).click();
    await expect(refusal(page)).toHaveText('192.168.1.10 resolves to a private address (192.168.1.10, private network); not checked.');
  });
});
