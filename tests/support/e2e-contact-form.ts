import { expect, type Page } from '@playwright/test';
import { contactMessages } from '../../src/lib/contact';

/** Each test is its own client (a random address; workers run in parallel), so rate limits never collide. */
export function asNewClient(page: Page) {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` });
}

export const form = (page: Page) => page.locator('main form[data-contact-form]');
export const toast = (page: Page) => page.locator('[data-toast]');

/**
 * The form hydrates on its first interaction; until it has, a click posts it natively (the no-JavaScript path). Tests of
 * the scripted form wait for hydration, as a person typing at human speed always does.
 */
export async function hydrateForm(page: Page) {
  await form(page).getByLabel('Your name').focus();
  await expect(page.locator('astro-island:has(form[data-contact-form])')).not.toHaveAttribute('ssr', '');
}

/** What the e2e enquiries say: it must never reach the server's log (global-teardown.ts). */
export const enquiryText = 'Please help me with local SEO for my bakery.';

export async function fillValid(page: Page, tag: string) {
  await form(page).getByLabel('Your name').fill('Jane Smith');
  await form(page).getByLabel('E-mail address').fill('jane@example.com');
  await form(page).getByLabel('Subject').fill(`Enquiry ${tag}`);
  await form(page).getByLabel('Message').fill(enquiryText);
}

/** The form's one confirmation of a message sent: in the form, announced (a live region) and focused. */
export const sentConfirmation = (page: Page) => form(page).locator('[data-contact-sent]');

/** Sends the hydrated form and waits for this send's own confirmation (the form empties), not an earlier one. */
export async function sendAndExpectSent(page: Page) {
  await form(page).getByRole('button', { name: 'Send message' }).click();
  await expect(form(page).getByLabel('Your name')).toHaveValue('');
  await expect(sentConfirmation(page)).toContainText(contactMessages.successTitle);
}
