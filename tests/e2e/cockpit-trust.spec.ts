/**
 * The owner's cockpit after a week of use (issue 25), walked as the owner at phone and desktop widths: forgot password
 * says what to do when no e-mail comes, sign-in warns only when a pause is near, two people on one address both get
 * through and the refused one is shown to the owner, search ignores accents, the export is what the filter shows,
 * the enquiry's buttons stay put, the security log speaks in sentences, and two-factor has a readable key, a copy
 * button, unambiguous backup codes, new ones on demand, and one code field. Axe on every view touched.
 */
import { expect, test } from '@playwright/test';
import { adminPaths, authMessages, leadCsvColumns, resetPasswordCommand, signInLimits } from '../../src/config/admin';
import { contactLimits } from '../../src/config/contact';
import { alertLabels, securitySentences } from '../../src/config/security-log';
import { backupCodes } from '../../src/config/two-factor.mjs';
import { totp } from '../support/totp';
import { createOwner, ownerPassword as password } from '../support/e2e-admin-session';
import { expectNoAxeViolations } from '../support/e2e-helpers';
import { readCsv } from '../support/csv';

// Axe on a view, or only on the part of it this issue changed (expectNoAxeViolations' third argument): admin.spec.ts
// checks every admin view whole at both widths, and a whole dashboard tab takes seconds on a busy machine.

const octet = () => 1 + Math.floor(Math.random() * 254);
const randomAddress = () => `10.${octet()}.${octet()}.${octet()}`;

for (const width of [390, 1280]) {
  test.describe(`the cockpit at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the owner can trust what the admin says and does', async ({ page, context }, info) => {
      test.setTimeout(120_000);
      const shot = (name: string) => page.screenshot({ path: info.outputPath(`cockpit-${width}-${name}.png`), fullPage: true });
      const address = randomAddress();
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
      const tag = `${width}-${info.workerIndex}-${Date.now()}`;

      // 1. Forgot password: the same answer for any address, and what to do when no e-mail comes.
      await page.goto(adminPaths.forgotPassword);
      await page.getByLabel('Email').fill(`nobody-${tag}@example.com`);
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await expect(page.getByRole('status').filter({ hasText: authMessages.resetRequested })).toBeVisible();
      await expect(page.getByText(authMessages.resetNoMailHelp)).toBeVisible();
      await expect(page.locator('[data-reset-help] code')).toHaveText(resetPasswordCommand);
      await expectNoAxeViolations(page, 'forgot password answered');
      await shot('forgot-password');

      // 3. A mistyped password says nothing of pauses until one is near.
      const guessed = `guess-${tag}@example.com`;
      await page.goto(adminPaths.signIn);
      const alert = page.getByRole('alert').filter({ hasText: authMessages.invalidCredentials });
      for (let i = 1; i <= signInLimits.accountFailures - signInLimits.warnWhenTriesLeft; i++) {
        await page.getByLabel('Email').fill(guessed);
        await page.getByLabel('Password').fill(`wrong password ${i}`);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(alert).toContainText(authMessages.invalidCredentials);
        const left = signInLimits.accountFailures - i;
        if (left > signInLimits.warnWhenTriesLeft) await expect(alert).not.toContainText(/lock|pause/i);
        else await expect(alert).toContainText(authMessages.triesLeft(left, signInLimits.lockMinutes));
      }
      await expectNoAxeViolations(page, 'sign-in with a warning');
      await shot('sign-in-warning');

      // 4. Two people on one address (an office) both get through; a sender past their own limit is refused, and the
      // owner sees who, to call back.
      const office = randomAddress();
      const send = (name: string, email: string, subject: string) =>
        page.request.post('/api/contact', {
          data: { name, email, subject, message: 'Please help with local SEO for my bakery.' },
          headers: { 'X-Forwarded-For': office },
        });
      const ann = { name: `Zoë Ann ${tag}`, email: `ann-${tag}@example.com` };
      for (let i = 0; i < contactLimits.maxSubmissions; i++) expect((await send(ann.name, ann.email, `Café website ${i}`)).status()).toBe(201);
      expect((await send(ann.name, ann.email, 'Café website again')).status()).toBe(429);
      expect((await send(`Bob ${tag}`, `bob-${tag}@example.com`, 'Colleague in the same office')).status()).toBe(201);

      const email = createOwner(`cockpit-${width}`, info.workerIndex);
      await page.goto(`${adminPaths.signIn}?next=${encodeURIComponent(adminPaths.home)}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(adminPaths.home);
      await expect(page.locator('astro-island:has([role=tablist])')).not.toHaveAttribute('ssr', '');
      const refused = page.locator('[data-refused-count]');
      await expect(refused).toContainText('refused by the sending limit in the last 30 days');
      expect(Number(await refused.getAttribute('data-refused-count'))).toBeGreaterThanOrEqual(1);
      await expectNoAxeViolations(page, 'overview', 'section[aria-labelledby="enquiry-counts"]');
      await shot('overview');
      await refused.getByRole('link', { name: 'who they were, to call back' }).click();
      await expect(page).toHaveURL(adminPaths.refusedEnquiries);
      const refusal = page.locator('li', {
        hasText: securitySentences.enquiryRefused(ann.name, ann.email, office, 'sender', contactLimits.maxSubmissions, contactLimits.windowMinutes),
      });
      await expect(refusal).toBeVisible();
      await expect(refusal.getByRole('link', { name: ann.email })).toHaveAttribute('href', `mailto:${ann.email}`);
      await expect(page.getByLabel('Only refused enquiries')).toBeChecked();
      await expectNoAxeViolations(page, 'refused enquiries');
      await shot('refused-enquiries');

      // 7. The security log in sentences, with the address, the e-mail tried and the alert state.
      await page.goto(`${adminPaths.security}?severity=high`);
      const failures = signInLimits.accountFailures - signInLimits.warnWhenTriesLeft;
      const event = page.locator('li', { hasText: securitySentences.wrongPasswords(failures, guessed, address, null) });
      await expect(event).toBeVisible();
      await expect(event.getByText(`E-mail tried:${guessed}`)).toBeVisible();
      await expect(event.getByText(`Address:${address}`)).toBeVisible();
      await expect(event.locator('[data-alert-state]')).toHaveText(new RegExp(Object.values(alertLabels).join('|')));
      await expectNoAxeViolations(page, 'security log');
      await shot('security-log');

      // 6. Search ignores accents and case; the export is exactly what the filter shows, with ISO and local times.
      await page.goto(adminPaths.leads);
      await page.getByLabel('Search').fill(`zoe ann ${tag}`.toUpperCase());
      await page.getByRole('button', { name: 'Show' }).click();
      const items = page.locator('main ul > li', { has: page.getByRole('heading') });
      await expect(items).toHaveCount(contactLimits.maxSubmissions);
      const shown = await items
        .getByRole('heading')
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!.split('/').pop()!));
      const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
      const csv = await page.request.get(href!);
      expect(csv.status()).toBe(200);
      const [header, ...rows] = readCsv(await csv.text());
      expect(header).toEqual([...leadCsvColumns]);
      expect(rows.map((r) => r[leadCsvColumns.indexOf('Reference')]).sort()).toEqual(shown.map(decodeURIComponent).sort());
      for (const row of rows) {
        expect(row[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        expect(row[1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (GMT|BST)$/);
      }

      // 5. The enquiry's buttons do not move when its state changes.
      const actions = items.first().getByRole('group', { name: /^Mark the enquiry from/ });
      const buttons = [...(await actions.getByRole('button').all()), items.first().getByRole('button', { name: 'Delete' })];
      const before = await Promise.all(buttons.map((b) => b.boundingBox()));
      await expect(actions.getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'true');
      await actions.getByRole('button', { name: 'Replied' }).click();
      await expect(actions.getByRole('button', { name: 'Replied' })).toHaveAttribute('aria-pressed', 'true');
      await expect(actions.getByRole('button', { name: 'New' })).toHaveAttribute('aria-pressed', 'false');
      expect(await Promise.all(buttons.map((b) => b.boundingBox()))).toEqual(before);
      await expectNoAxeViolations(page, 'enquiry marked');
      await shot('enquiries');

      // 8. Two-factor: the key in groups of four with a copy button, unambiguous backup codes, new ones on demand.
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto(adminPaths.tab('settings'));
      // Settings is its group's only tab (no tablist): the dashboard's own mark says it has hydrated.
      await expect(page.locator('[data-dashboard-hydrated]')).toBeVisible();
      const card = page.locator('section', { has: page.getByRole('heading', { name: 'Two-factor authentication' }) });
      await card.getByLabel('Password').fill(password);
      await card.getByRole('button', { name: 'Set up two-factor' }).click();
      const shownKey = (await card.locator('[data-totp-secret]').textContent())!;
      expect(shownKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      const secret = shownKey.replaceAll(' ', '');
      await card.getByRole('button', { name: 'Copy the key' }).click();
      await expect(card.getByRole('button', { name: 'Copy the key' })).toHaveText('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      const codeShape = new RegExp(`^[${backupCodes.alphabet}]{5}-[${backupCodes.alphabet}]{5}$`);
      const firstCodes = await card.locator('[data-backup-codes] li').allTextContents();
      expect(firstCodes).toHaveLength(backupCodes.count);
      for (const code of firstCodes) expect(code).toMatch(codeShape);
      await expectNoAxeViolations(page, 'two-factor enrolment', 'section:has([data-backup-codes])');
      await shot('two-factor-enrolment');
      await card.getByLabel('3. Code from the app').fill(totp(secret));
      await card.getByRole('button', { name: 'Turn on two-factor' }).click();
      await expect(card.getByText('On', { exact: true })).toBeVisible();
      const renew = card.locator('form', { has: page.getByRole('button', { name: 'Make new backup codes' }) });
      await renew.getByLabel('Password').fill(password);
      await renew.getByRole('button', { name: 'Make new backup codes' }).click();
      await expect(card.getByRole('status')).toContainText('the old ones no longer work');
      const newCodes = await card.locator('[data-backup-codes] li').allTextContents();
      expect(newCodes).toHaveLength(backupCodes.count);
      expect(newCodes.filter((code) => firstCodes.includes(code))).toEqual([]);
      await expectNoAxeViolations(page, 'new backup codes', 'section:has([data-backup-codes])');
      await shot('new-backup-codes');

      // 3. One code field takes a backup code typed in lower case, with a space instead of its dash.
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(/sign-in\?signed-out=1/);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { name: 'Two-factor check' })).toBeVisible();
      await expect(page.getByLabel('Code', { exact: true })).toBeFocused();
      await expectNoAxeViolations(page, 'two-factor check');
      await page.getByLabel('Code', { exact: true }).fill(newCodes[0]!.replace('-', ' ').toLowerCase());
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await expect(page).toHaveURL(adminPaths.home);
    });
  });
}
