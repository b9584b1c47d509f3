/** The owner's account and sign-in, shared by the admin specs. */
import { expect, type Page, test } from '@playwright/test';
import { adminPaths } from '../../src/config/admin';
import { runAdminScript } from './admin-account';

export const ownerPassword = 'owner long passphrase for tests';

/** One account per worker and purpose, created with the project's own command on the server's database. */
export function createOwner(purpose: string, workerIndex: number) {
  const email = `${purpose}-${workerIndex}-${Date.now()}@example.com`;
  expect(runAdminScript('create', email, ownerPassword, process.env.E2E_DATABASE_URL).stderr).toBe('');
  return email;
}

/** Fills in the sign-in form; the submit button waits for hydration, so the click does too. */
export async function signIn(page: Page, email: string, next: string = adminPaths.home) {
  await page.goto(`${adminPaths.signIn}?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(ownerPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Tests that need a signed-in owner but are not about signing in: one owner per worker signs in once through the
 * form, and each test starts with that session (its cookies), so no test pays for an account and a sign-in. Tests
 * that sign out, revoke sessions or change the password make an owner of their own instead.
 */
export const signedInTest = test.extend<object, { ownerSession: string }>({
  ownerSession: [
    async ({ browser }, provide, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.254.${workerInfo.workerIndex % 250}.1` });
      await signIn(page, createOwner('worker', workerInfo.workerIndex));
      await expect(page).toHaveURL(adminPaths.home);
      const file = workerInfo.project.outputDir + `/owner-session-${workerInfo.workerIndex}.json`;
      await context.storageState({ path: file });
      await context.close();
      await provide(file);
    },
    { scope: 'worker' },
  ],
  storageState: ({ ownerSession }, provide) => provide(ownerSession),
  // A page whose server-rendered markup React cannot hydrate as it is (React's errors #418–#425) re-renders it whole on
  // the owner's phone and loses what was typed meanwhile: no admin test may pass with one.
  page: async ({ page }, provide) => {
    const hydrationErrors: string[] = [];
    const note = (text: string) => {
      if (/Minified React error #4(1[89]|2[0-5])|[Hh]ydration/.test(text)) hydrationErrors.push(`${page.url()}: ${text.slice(0, 300)}`);
    };
    page.on('console', (message) => message.type() === 'error' && note(message.text()));
    page.on('pageerror', (error) => note(String(error)));
    await provide(page);
    expect(hydrationErrors, 'hydration errors').toEqual([]);
  },
});

/**
 * The dashboard hydrated: Astro drops the island's `ssr` mark when it hands the island to React, which may still be
 * hydrating (a choice made then is lost), so this waits for the mark the dashboard sets itself.
 */
export const dashboardHydrated = (page: Page) => expect(page.locator('[data-dashboard-hydrated]')).toBeVisible();

/** Opens a dashboard tab as the worker's signed-in owner, hydrated and ready. */
export async function openTab(page: Page, tab: Parameters<typeof adminPaths.tab>[0]) {
  await page.goto(adminPaths.tab(tab));
  await expect(page).toHaveURL(adminPaths.tab(tab));
  await dashboardHydrated(page);
}
