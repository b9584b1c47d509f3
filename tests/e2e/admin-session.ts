/** The owner's account and sign-in, shared by the admin specs. */
import { expect, type Page } from '@playwright/test';
import { adminPaths } from '../../src/config/admin';
import { runAdminScript } from '../support/admin-account';

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

/** Signs a new owner in straight onto a dashboard tab, hydrated and ready. */
export async function openTab(page: Page, tab: Parameters<typeof adminPaths.tab>[0], purpose: string, workerIndex: number) {
  await signIn(page, createOwner(purpose, workerIndex), adminPaths.tab(tab));
  await expect(page).toHaveURL(adminPaths.tab(tab));
  await expect(page.locator('astro-island:has([role=tablist])')).not.toHaveAttribute('ssr', '');
}
