/**
 * IndexNow switched on and off by the owner in Settings, on a server of its own whose settings have no INDEXNOW_KEY
 * (the suite's server has one, which wins: admin.spec.ts checks the card says so). Switched on, the key file answers
 * and the site's pages are submitted with that key; switched off, the key file is gone. axe on the card both ways.
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { adminPaths, indexNowOffText, indexNowSwitchText } from '../../src/config/admin';
import { loadSettings } from '../../src/config/settings.mjs';
import { runAdminScript } from '../support/admin-account';
import { FakeIndexNow } from '../support/fake-indexnow.mjs';
import { freePort, SiteProcess } from '../support/server';
import { ownerPassword, dashboardHydrated } from '../support/e2e-admin-session';
import { toast } from '../support/e2e-contact-form';
import { expectNoAxeViolations } from '../support/e2e-helpers';

const siteUrl = loadSettings({}).siteUrl;

let site: SiteProcess;
let endpoint: FakeIndexNow;
let databaseFile: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  endpoint = new FakeIndexNow();
  await endpoint.start();
  databaseFile = path.join(os.tmpdir(), `hale-e2e-indexnow-switch-${process.pid}-${Date.now()}.db`);
  site = new SiteProcess(await freePort(), {
    DATABASE_URL: `file:${databaseFile}`,
    SMTP_URL: '',
    INDEXNOW_KEY: '',
    INDEXNOW_ENDPOINT: endpoint.url,
    INDEXNOW_RETRY_BASE_MS: '20',
  });
  await site.start();
  expect(runAdminScript('create', 'switch-owner@example.com', ownerPassword, `file:${databaseFile}`).stderr).toBe('');
});
test.afterAll(async () => {
  await site?.stop();
  await endpoint?.stop();
  for (const suffix of ['', '-wal', '-shm']) rmSync(databaseFile + suffix, { force: true });
});

test('the owner turns IndexNow on in Settings: the key file answers, the pages are submitted with it; off, the file is gone', async ({ page }, info) => {
  test.setTimeout(90_000);
  await page.goto(`${site.base}${adminPaths.signIn}?next=${encodeURIComponent(adminPaths.tab('settings'))}`);
  await page.getByLabel('Email').fill('switch-owner@example.com');
  await page.getByLabel('Password').fill(ownerPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A fresh server's first sign-in (password hashing, the first render) can take a while on a loaded machine.
  await expect(page).toHaveURL(`${site.base}${adminPaths.tab('settings')}`, { timeout: 30_000 });
  await dashboardHydrated(page);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Search engines (IndexNow)' }) });

  // Off: said so, and how to switch it on; nothing published.
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await expect(card.getByText(indexNowOffText['no-key'].howTo)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Submit changed pages now' })).toBeDisabled();
  const turnOn = card.getByRole('button', { name: indexNowSwitchText.turnOn });
  await expect(turnOn).toBeEnabled();
  await expect(turnOn).toHaveAccessibleDescription(indexNowSwitchText.off);
  await expectNoAxeViolations(page);
  await card.screenshot({ path: info.outputPath('indexnow-off.png') });

  await turnOn.click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  const turnOff = card.getByRole('button', { name: indexNowSwitchText.turnOff });
  await expect(turnOff).toHaveAccessibleDescription(indexNowSwitchText.admin);
  const keyLink = card.getByRole('link', { name: new RegExp(`^${siteUrl}/[0-9a-f]{32}\\.txt$`) });
  await expect(keyLink).toBeVisible();
  const keyPath = new URL((await keyLink.getAttribute('href'))!).pathname;
  const key = keyPath.slice(1, -'.txt'.length);
  const keyFile = await fetch(`${site.base}${keyPath}`);
  expect(keyFile.status).toBe(200);
  expect(keyFile.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(await keyFile.text()).toBe(key);

  // Switching on submitted the site's pages, with that key; the card followed the run to its end.
  await expect(toast(page).filter({ hasText: 'Submitted to IndexNow' })).toBeVisible({ timeout: 20_000 });
  expect(endpoint.requests.length).toBeGreaterThanOrEqual(1);
  expect(endpoint.requests[0]!.body).toMatchObject({ key, keyLocation: `${siteUrl}${keyPath}` });
  expect(endpoint.submitted()).toContain(`${siteUrl}/about`);
  await expectNoAxeViolations(page);
  await card.screenshot({ path: info.outputPath('indexnow-on.png') });

  await turnOff.click();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: indexNowSwitchText.turnOn })).toBeEnabled();
  expect((await fetch(`${site.base}${keyPath}`)).status).toBe(404);
  // A reload shows the state kept in the database.
  await page.reload();
  await expect(card.getByRole('button', { name: indexNowSwitchText.turnOn })).toBeVisible();
});
