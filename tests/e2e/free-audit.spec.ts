/**
 * The free instant audit in Chromium, against fixture sites with planted defects on loopback (allowed through
 * SITE_CHECK_ALLOW_HOSTS): with JavaScript (a form sent too fast is refused; progress streamed; the results; the
 * report by e-mail → an enquiry in the owner's inbox and the PDF received by the mail server), without JavaScript
 * (the form posts, the results page refreshes until done), the fourth audit in an hour refused, a private address
 * refused. Markup in the site's titles is shown as text.
 */
import { expect, type Page } from '@playwright/test';
import { adminPaths } from '../../src/config/admin';
import { auditLimits, auditMessages, ruleWhy } from '../../src/config/audit';
import { callCta, primaryCta } from '../../src/config/navigation';
import { paths } from '../../src/config/paths';
import { contactMessages, requestPresets } from '../../src/lib/contact';
import { visitDetailsKey } from '../../src/lib/visit-details';
import { rules } from '../../src/lib/sitecheck-rules.mjs';
import { FixtureSite, markupTitle } from '../support/fixture-site';
import { signedInTest as test } from '../support/e2e-admin-session';
import { asNewClient, form, hydrateForm, sentConfirmation } from '../support/e2e-contact-form';
import { expectNoAxeViolations, expectNoSidewaysScroll } from '../support/e2e-helpers';

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

  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

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

test('a second visitor auditing the same site is shown that result, how long ago, and a report form of their own; a shared link is not', async ({
  browser,
}) => {
  // Another browser, at another address, asks for the site the test above audited minutes ago.
  const second = await browser.newContext({ viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'X-Forwarded-For': '10.200.0.2' } });
  const page = await second.newPage();
  await page.clock.install();
  await page.goto(paths.freeAudit);
  await field(page).fill(withJs.origin);
  await page.clock.fastForward(auditLimits.minFillMs + 1000);
  await submit(page).click();
  await expect(page).toHaveURL(/\/free-seo-audit\/results\/[A-Za-z0-9_-]{32}\?recent$/);
  // "less than a minute", "1 minute" or "N minutes", whichever it is by now.
  await expect(page.getByText(/^This site was audited (less than a minute|1 minute|\d+ minutes) ago, so here is that result\./)).toBeVisible();
  const line = await page.getByText(/^This site was audited/).innerText();
  expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => auditMessages.recent(n))).toContain(line);
  await expectResults(page);
  await expect(page.getByRole('button', { name: 'Email me the full report' })).toBeVisible();

  // The results' address alone, in a third browser: the results, and how to have the report e-mailed.
  const third = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.200.0.3' } });
  const shared = await third.newPage();
  await shared.goto(new URL(page.url()).pathname);
  await expect(shared.getByText(auditMessages.reportOwnAudit)).toBeVisible();
  await expect(shared.getByRole('button', { name: 'Email me the full report' })).toHaveCount(0);
  await expect(shared.getByText(/^This site was audited/)).toHaveCount(0);
  await second.close();
  await third.close();
});

test('after the audit, "Book a 15-min call" offers the name and e-mail given for the report, in this tab only', async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // On the audit's own pages the phone's quick-actions bar offers the call first, and not the audit again.
  const bar = page.getByRole('navigation', { name: 'Quick actions' });
  const expectCallFirst = async () => {
    await expect(bar.getByRole('link').first()).toHaveText(callCta.label);
    await expect(bar.getByRole('link').first()).toHaveAttribute('href', callCta.href);
    await expect(bar.getByRole('link', { name: primaryCta.label })).toHaveCount(0);
  };
  await page.goto(paths.freeAudit);
  await expectCallFirst();
  await field(page).fill(withJs.origin);
  // As a person would: some seconds after the page opened (a form sent sooner is refused).
  await page.waitForTimeout(auditLimits.minFillMs + 500);
  await submit(page).click();
  await expect(page).toHaveURL(/\/free-seo-audit\/results\/[A-Za-z0-9_-]{32}/);
  await expect(page.getByRole('heading', { name: 'Score', exact: true })).toBeVisible({ timeout: 45_000 });
  await expectCallFirst();
  await page.screenshot({ path: 'test-results/screens/audit-results-bar-390.png' });

  const email = `caller-${Date.now()}@example.com`;
  await page.getByLabel('Your name').fill('Pat Caller');
  await page.getByLabel('Your e-mail').fill(email);
  await page.getByRole('button', { name: 'Email me the full report' }).click();
  await expect(page.getByText(auditMessages.reportSent)).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: callCta.label }).click();
  await expect(page).toHaveURL(new RegExp(`${callCta.href.replace('?', '\\?')}$`));
  const contact = form(page);
  await expect(contact.getByLabel('What can I help with?')).toHaveValue('call');
  await expect(contact.getByLabel('Your name')).toHaveValue('Pat Caller');
  await expect(contact.getByLabel('E-mail address')).toHaveValue(email);
  await page.screenshot({ path: 'test-results/screens/contact-prefilled-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/screens/contact-prefilled-1280.png', fullPage: true });

  // Sent: one confirmation (in the form, announced, focused; no toast), and the call is still what is asked for.
  await hydrateForm(page);
  await contact.getByLabel('Message').fill(`${requestPresets.call.message}Tuesday mornings.`);
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: contactMessages.successTitle })).toHaveCount(1);
  await expect(sentConfirmation(page)).toBeFocused();
  await expect(page.locator('[data-toast]')).toBeHidden();
  await expect(contact.getByLabel('What can I help with?')).toHaveValue('call');
  await expect(contact.getByLabel('Your name')).toHaveValue('');
  await page.screenshot({ path: 'test-results/screens/contact-sent-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/contact-sent-390.png' });

  // What was kept is gone once used: the contact page again has nothing filled in.
  await page.goto(callCta.href);
  await expect(contact.getByLabel('Subject')).toHaveValue(requestPresets.call.subject);
  await expect(contact.getByLabel('Your name')).toHaveValue('');
  await expect(contact.getByLabel('E-mail address')).toHaveValue('');

  // Nor does another tab of another visit ever see it.
  const other = await browser.newContext();
  try {
    await page.goto(paths.freeAudit);
    await page.evaluate((key) => sessionStorage.setItem(key, JSON.stringify({ name: 'Pat Caller', email: 'kept@example.com' })), visitDetailsKey);
    const elsewhere = await other.newPage();
    await elsewhere.goto(callCta.href);
    await expect(form(elsewhere).getByLabel('Subject')).toHaveValue(requestPresets.call.subject);
    await expect(form(elsewhere).getByLabel('Your name')).toHaveValue('');
    await expect(form(elsewhere).getByLabel('E-mail address')).toHaveValue('');
    expect(await elsewhere.evaluate(() => [sessionStorage.length, localStorage.length, document.cookie])).toEqual([0, 0, '']);
  } finally {
    await other.close();
  }
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
