/**
 * The admin in Chromium as the owner uses it: signing in with the keyboard alone, every tab, two-factor set up from
 * Settings and used at the next sign-in, and axe on every admin view at phone and desktop widths.
 */
import { expect, test } from '@playwright/test';
import { adminPaths, adminTabs, groupOf, groupTabs, indexNowSwitchText } from '../../src/config/admin';
import { totp } from '../support/totp';
import { loadSettings } from '../../src/config/settings.mjs';
import { createOwner, ownerPassword as password, signIn, signedInTest, dashboardHydrated } from '../support/e2e-admin-session';
import { asNewClient, toast } from '../support/e2e-contact-form';
import { expectNoAxeViolations, expectNoSidewaysScroll } from '../support/e2e-helpers';

test.beforeEach(async ({ page }) => asNewClient(page));

test('before the script runs, the sign-in form cannot be sent, and would post rather than put the password in the address', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto(adminPaths.signIn);
  const form = page.locator('form', { has: page.getByLabel('Password') });
  await expect(form).toHaveAttribute('method', 'post');
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill(password);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(adminPaths.signIn);
});

test('a visitor without a session is sent to sign-in, then lands on the page they asked for', async ({ page }, info) => {
  const email = createOwner('redirect', info.workerIndex);
  await page.goto(adminPaths.security);
  await expect(page).toHaveURL(new RegExp(`${adminPaths.signIn}\\?next=`));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the right password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The e-mail address or password is not right' })).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(adminPaths.security);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Security log');
});

test('signing in and visiting every tab works with the keyboard alone, and the tab is kept in the URL', async ({ page }, info) => {
  const email = createOwner('keyboard', info.workerIndex);
  await page.goto(adminPaths.home);
  await expect(page).toHaveURL(/sign-in/);
  await expect(page.locator('astro-island:has(form)')).not.toHaveAttribute('ssr', '');
  await page.getByLabel('Email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(adminPaths.home);
  await dashboardHydrated(page);

  // Tab moves to the selected tab; the arrow keys, Home and End move along the tablist, which holds one group's tabs
  // (the navigation's groups, issue 40).
  const siteTabs = groupTabs(groupOf('overview'));
  const overview = page.getByRole('tab', { name: 'Overview' });
  await overview.focus();
  for (const [index, tab] of siteTabs.entries()) {
    if (index > 0) await page.keyboard.press('ArrowRight');
    const current = page.getByRole('tab', { name: tab.label });
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(page).toHaveURL(adminPaths.tab(tab.id));
  }
  await page.keyboard.press('ArrowRight');
  await expect(overview).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: siteTabs.at(-1)!.label })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(overview).toHaveAttribute('aria-selected', 'true');
  // Into the panel with Tab.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeFocused();

  // A reload keeps the tab; the back button returns to the one before.
  await page.getByRole('tab', { name: 'Testing' }).click();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Testing' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Performance' }).click();
  await page.goBack();
  await expect(page).toHaveURL(adminPaths.tab('testing'));
  await expect(page.getByRole('tab', { name: 'Testing' })).toHaveAttribute('aria-selected', 'true');

  // Performance opens on real-user figures: site-wide Core Web Vitals for phones and tablets first.
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Whole site' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Phones and tablets' })).toBeChecked();
});

signedInTest('IndexNow in Settings: the server’s key disables the switch, start-up run listed, another host refused, one page sent', async ({ page }) => {
  const siteUrl = loadSettings({}).siteUrl;
  await asNewClient(page);
  await page.goto(adminPaths.tab('settings'));
  // Until the dashboard has hydrated its submit buttons are disabled, so Enter would send nothing.
  await dashboardHydrated(page);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Search engines (IndexNow)' }) });
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: `${siteUrl}/e2e-indexnow-key.txt` })).toBeVisible();
  // The server's INDEXNOW_KEY wins: the owner's switch is disabled, and says why (switched here: indexnow-switch.spec.ts).
  const turnOff = card.getByRole('button', { name: indexNowSwitchText.turnOff });
  await expect(turnOff).toBeDisabled();
  await expect(turnOff).toHaveAccessibleDescription(indexNowSwitchText.server);
  // The server submitted the whole build when it started.
  await expect(card.getByText(/server start/).first()).toBeVisible();

  const field = card.getByLabel('Submit this URL');
  await field.fill('https://elsewhere.example/about');
  await field.press('Enter');
  await expect(card.getByText(`Only pages of ${new URL(siteUrl).host} can be submitted.`)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('/about');
  await field.press('Enter');
  await expect(toast(page)).toContainText('Submitted to IndexNow');
  await expect(card.getByText('1 URL asked for')).toBeVisible();
  const received = (await (await fetch(`http://127.0.0.1:${process.env.E2E_INDEXNOW_PORT}/requests`)).json()) as { body: { urlList: string[] } }[];
  expect(received.map((request) => request.body.urlList)).toContainEqual([`${siteUrl}/about`]);
});

test('two-factor: set up from Settings with a code from the app, then asked for at the next sign-in', async ({ page }, info) => {
  const email = createOwner('two-factor', info.workerIndex);
  await signIn(page, email, adminPaths.tab('settings'));
  await expect(page).toHaveURL(adminPaths.tab('settings'));
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Two-factor authentication' }) });
  await card.getByLabel('Password').fill(password);
  await card.getByRole('button', { name: 'Set up two-factor' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(card.locator('[data-backup-codes] li')).toHaveCount(10);
  // Shown in groups of four for reading; the app takes it with or without the spaces.
  const secret = (await card.locator('[data-totp-secret]').textContent())!.replaceAll(' ', '');
  const backupCode = (await card.locator('[data-backup-codes] li').first().textContent())!.trim();
  await card.getByLabel('3. Code from the app').fill(totp(secret));
  await card.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/sign-in\?signed-out=1/);
  await expect(page.getByRole('status').filter({ hasText: 'You have signed out.' })).toBeVisible();
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor check' })).toBeVisible();
  await expect(page.getByLabel('Code', { exact: true })).toBeFocused();
  // A code is good once: the one that turned two-factor on is spent, so sign in with the next step's (accepted early).
  await page.getByLabel('Code', { exact: true }).fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(adminPaths.home);

  // A backup code works instead of the app, once.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/sign-in\?signed-out=1/);
  await signIn(page, email);
  // A backup code goes in the same field as the app's code.
  await page.getByLabel('Code', { exact: true }).fill(backupCode);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(adminPaths.home);
});

for (const width of [390, 1280]) {
  test.describe(`admin views at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('have no WCAG 2.2 AA violations', async ({ page, request }, info) => {
      // A dozen views, each a full axe run: a few seconds each on a quiet machine, far more on a loaded one.
      test.setTimeout(240_000);
      for (const path of [adminPaths.signIn, adminPaths.forgotPassword, `${adminPaths.resetPassword}?token=expired-or-unknown-token`]) {
        await page.goto(path);
        await expectNoAxeViolations(page, path);
      }
      // An enquiry, so the inbox and its page have content.
      const sent = await request.post('/api/contact', {
        data: { name: 'Jane Smith', email: 'jane@example.com', subject: `Axe check ${width}`, message: 'Please help with local SEO for my bakery.' },
        headers: { 'X-Forwarded-For': `10.200.${width % 250}.${info.workerIndex + 1}` },
      });
      expect(sent.status()).toBe(201);
      const { id } = (await sent.json()) as { id: string };

      await signIn(page, createOwner(`axe-${width}`, info.workerIndex));
      await expect(page).toHaveURL(adminPaths.home);
      for (const tab of adminTabs) {
        await page.goto(adminPaths.tab(tab.id));
        await dashboardHydrated(page);
        await expectNoAxeViolations(page, `tab ${tab.id}`);
      }
      for (const path of [adminPaths.leads, adminPaths.lead(id), adminPaths.security, `${adminPaths.security}?severity=high`]) {
        await page.goto(path);
        await expectNoAxeViolations(page, path);
      }
      // Nothing is wider than the screen.
      for (const path of [adminPaths.home, adminPaths.tab('settings'), adminPaths.leads, adminPaths.security]) {
        await page.goto(path);
        await expectNoSidewaysScroll(page, path);
      }
    });
  });
}
