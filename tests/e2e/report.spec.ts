/**
 * The client report in Chromium at 390 and 1280 px: last month's drafts prepared as the schedule does (once); the
 * owner makes a month's report in the Reports tab, a summary stating a figure the report lacks is refused, the AI draft
 * (the fake model quotes the report's figures) is saved, the report is approved and sent (one e-mail, with the PDF and
 * the link); the client's link shows the report, axe finds nothing on either page; withdrawn, the link answers 410 with
 * a page of the site.
 */
import { expect } from '@playwright/test';
import { business } from '../../src/config/business';
import { reportContents, reportText } from '../../src/config/report';
import { formatCount } from '../../src/lib/format';
import { openDatabase } from '../../src/server/db';
import { monthBefore, monthOf } from '../../src/lib/days.mjs';
import { monthPeriod } from '../../src/server/features/report/period';
import { openTab, signedInTest as test } from '../support/e2e-admin-session';
import { asNewClient, toast } from '../support/e2e-contact-form';
import { expectNoAxeViolations, expectNoSidewaysScroll as noOverflow } from '../support/e2e-helpers';

/** Months long before the analytics specs' periods (their counts must see only their own visits), one per width. */
const cases = [
  { width: 390, height: 844, month: '2025-01', visitors: 140 },
  { width: 1280, height: 900, month: '2025-02', visitors: 84 },
] as const;
/** Issue 40's months (a contact, two recipients, parts chosen, the trend charts), one per width. */
const settingsCases = [
  { width: 390, height: 844, month: '2025-03', visitors: 70 },
  { width: 1280, height: 900, month: '2025-04', visitors: 56 },
] as const;
/** The month before this one, as the schedule prepares it (UK time). */
const previousMonth = () => monthBefore(monthOf(Date.now()));
const smtpMessages = `http://127.0.0.1:${process.env.E2E_SMTP_HTTP_PORT}/messages`;

test.beforeAll(async () => {
  const { db } = await openDatabase(process.env.E2E_DATABASE_URL);
  try {
    for (const c of [...cases, ...settingsCases]) {
      const { from } = monthPeriod(c.month);
      // Seven days of visits (20 or 12 visitors a day); the same rows again on a re-run are left as they are.
      await db
        .insertInto('analytics_daily')
        .values(
          Array.from({ length: 7 }, (_, i) => ({
            day: `${from.slice(0, 8)}${String(i + 10).padStart(2, '0')}`,
            page_views: 50,
            visitors: c.visitors / 7,
            visits: c.visitors / 7 + 2,
            bounces: 3,
            engaged_ms: 40_000,
            conversions: 0,
          })),
        )
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute();
    }
  } finally {
    await db.destroy();
  }
});

test.beforeEach(async ({ page }) => asNewClient(page));
// The settings cases change this site's report settings (a contact, recipients, a part left out) and put them back:
// the file's tests run one after another, so no other case drafts or sends while they are changed.
test.describe.configure({ mode: 'serial' });

for (const c of cases) {
  test(`a report drafted, reviewed and sent, and the client's link, at ${c.width} px`, async ({ page, request }, info) => {
    await page.setViewportSize({ width: c.width, height: c.height });
    const { label } = monthPeriod(c.month);
    await openTab(page, 'reports');
    // Last month's drafts, as the schedule prepares them: once, however often asked.
    await page.getByRole('button', { name: 'Prepare last month’s drafts now' }).click();
    // Other specs add watched sites meanwhile (each gets its draft too): this site's draft is the one counted.
    await expect(toast(page)).toContainText(/Reports prepared(\d+ drafts? prepared for|Every site's report for) /);
    await expect(page.getByRole('button', { name: `${business.name}, ${monthPeriod(previousMonth()).label}`, exact: true })).toHaveCount(1);
    await page.getByLabel('Month', { exact: true }).fill(c.month);
    await page.getByRole('button', { name: 'Make report' }).click();
    const detail = page.locator('section', { has: page.getByRole('heading', { level: 2, name: new RegExp(`, ${label}$`) }) });
    await expect(detail).toBeVisible();
    await expect(detail.getByText(formatCount(c.visitors), { exact: true }).first()).toBeVisible();

    // A figure the report does not hold is refused, with the figure named.
    const summary = detail.getByLabel('Summary for the client');
    await summary.fill('Visits reached 99,999 this month.');
    await detail.getByRole('button', { name: 'Save summary' }).click();
    await expect(detail.getByText(/states 1 figure the report does not hold: 99,999/)).toBeVisible();

    // The AI draft quotes the report's own figures and is saved.
    await detail.getByRole('button', { name: 'Draft with AI' }).click();
    await expect(summary).toHaveValue(`A steady month for the site. It had ${formatCount(c.visitors)} unique visitors. It received 0 enquiries.`);
    await detail.getByRole('button', { name: 'Save summary' }).click();
    await expect(toast(page)).toContainText('Summary saved');
    await expectNoAxeViolations(page);
    await noOverflow(page);
    await page.screenshot({ path: info.outputPath(`reports-tab-${c.width}.png`), fullPage: true });

    // Approved and sent: one e-mail to the site's client (this site's is the business itself), with the PDF and link.
    await detail.getByRole('button', { name: 'Approve and send' }).click();
    await detail.getByRole('button', { name: /^Send to / }).click();
    await expect(toast(page)).toContainText('Report sent');
    await expect(detail.getByText('Sent', { exact: true })).toBeVisible();
    const subject = `: your report for ${label}`;
    const mail = await expect
      .poll(async () => {
        const messages = (await (await request.get(smtpMessages)).json()) as { to: string[]; raw: string }[];
        return messages.filter((m) => m.raw.includes(subject));
      })
      .toHaveLength(1)
      .then(async () => ((await (await request.get(smtpMessages)).json()) as { raw: string }[]).find((m) => m.raw.includes(subject))!);
    const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toContain('application/pdf');
    const link = new URL(/https?:\/\/\S+\/reports\/([A-Za-z0-9_-]{43})/.exec(raw)![0]).pathname;

    // The client's page: the report in the business's brand, the PDF a link away.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`: report for ${label}`);
    await expect(page.getByText(`It had ${formatCount(c.visitors)} unique visitors.`)).toBeVisible();
    await expect(page.getByText(reportText.preparedFor(business.name))).toBeVisible();
    await expect(page.getByRole('link', { name: reportText.pdfLink })).toBeVisible();
    await expectNoAxeViolations(page);
    await noOverflow(page);
    await page.screenshot({ path: info.outputPath(`client-link-${c.width}.png`), fullPage: true });
    const pdf = await request.get(`${link}/pdf`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // Withdrawn in the admin: the link answers 410 with a page of the site.
    await openTab(page, 'reports');
    await page.getByRole('button', { name: new RegExp(`, ${label}$`) }).click();
    // Withdrawing cannot be undone: asked twice, and "Cancel" leaves the link as it was.
    await detail.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await detail.getByRole('button', { name: 'Cancel' }).click();
    expect((await request.get(link)).status()).toBe(200);
    await detail.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await detail.getByRole('button', { name: 'Withdraw the link' }).click();
    await expect(toast(page)).toContainText('Link withdrawn');
    const gone = await page.goto(link);
    expect(gone!.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(reportText.linkGone);
    await expect(page.locator('footer')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: info.outputPath(`link-gone-${c.width}.png`), fullPage: true });
  });
}

/** Opens this site's report settings in the Reports tab (this site is listed first) and fills them in. */
async function setThisSite(page: import('@playwright/test').Page, values: { name: string; recipients: string; leaveOut: string[] }) {
  await openTab(page, 'reports');
  await page.locator('summary', { hasText: 'Contact, recipients and contents' }).first().click();
  const form = page.getByRole('form', { name: /^Report settings of / }).first();
  await form.getByLabel('Contact’s name (greeted in the e-mail)').fill(values.name);
  await form.getByLabel('Send to').fill(values.recipients);
  for (const part of reportContents) await form.getByRole('checkbox', { name: part.label, exact: true }).setChecked(!values.leaveOut.includes(part.label));
  await form.getByRole('button', { name: 'Save report settings' }).click();
  await expect(toast(page)).toContainText('Report settings saved');
  return form;
}

for (const c of settingsCases) {
  test(`a contact greeted by name, each recipient sent the report once, parts left out, and the trend charts, at ${c.width} px`, async ({
    page,
    request,
  }, info) => {
    await page.setViewportSize({ width: c.width, height: c.height });
    const { label } = monthPeriod(c.month);
    const recipients = ['sarah@bright-bakery.example', 'tom@bright-bakery.example'];
    const left = reportContents.find((part) => part.id === 'enquiries')!.label;
    const form = await setThisSite(page, { name: 'Sarah', recipients: recipients.join('\n'), leaveOut: [left] });
    await noOverflow(page);
    await expectNoAxeViolations(page);
    await form.screenshot({ path: info.outputPath(`report-settings-${c.width}.png`) });
    try {
      await page.getByLabel('Month', { exact: true }).fill(c.month);
      await page.getByRole('button', { name: 'Make report' }).click();
      const detail = page.locator('section', { has: page.getByRole('heading', { level: 2, name: new RegExp(`, ${label}$`) }) });
      await expect(detail).toBeVisible();
      await detail.getByRole('button', { name: 'Approve and send' }).click();
      await detail.getByRole('button', { name: `Send to ${recipients.join(', ')}` }).click();
      await expect(toast(page)).toContainText('Report sent');
      const subject = `: your report for ${label}`;
      let mails: { to: string[]; raw: string }[] = [];
      await expect
        .poll(async () => {
          mails = ((await (await request.get(smtpMessages)).json()) as { to: string[]; raw: string }[]).filter((m) => m.raw.includes(subject));
          return mails.map((m) => m.to.join(',')).sort();
        })
        .toEqual([...recipients].sort());
      for (const mail of mails) expect(mail.raw.replace(/=\r?\n/g, '')).toContain('Dear Sarah,');
      const link = new URL(/https?:\/\/\S+\/reports\/([A-Za-z0-9_-]{43})/.exec(mails[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![0]).pathname;

      // The client's page: the visits chart (named, with its figures as a table), no Enquiries part at all.
      await page.goto(link);
      const chart = page.getByRole('img', { name: new RegExp(reportText.visitsTrend) });
      await expect(chart).toBeVisible();
      const table = page.getByRole('table', { name: reportText.trendTable(reportText.visitsTrend) });
      await expect(table.getByRole('row')).toHaveCount(13);
      await expect(table.getByRole('row', { name: new RegExp(`^${label.replace(/^(\w{3})\w* /, '$1 ')} `) })).toContainText(formatCount(c.visitors + 14));
      await expect(page.getByRole('heading', { name: 'Enquiries' })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await noOverflow(page);
      await page.screenshot({ path: info.outputPath(`client-link-trend-${c.width}.png`), fullPage: true });
    } finally {
      // Back as the other tests expect this site: the owner's address, every part.
      await setThisSite(page, { name: '', recipients: '', leaveOut: [] });
    }
  });
}
