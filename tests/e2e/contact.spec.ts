import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { checklist } from '../../src/config/checklist';
import { paths } from '../../src/config/paths';
import { contactMessages, requestPresets } from '../../src/lib/contact';
import { asNewClient, fillValid, form, hydrateForm, sendAndExpectSent, sentConfirmation, toast } from '../support/e2e-contact-form';
import { expectNoAxeViolations } from '../support/e2e-helpers';

/** The downloaded checklist is the PDF the site built. */
async function expectChecklistDownload(page: Page, link: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(checklist.fileName);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
}

test.describe('contact form with JavaScript', () => {
  test.beforeEach(async ({ page }) => asNewClient(page));

  test('the type query pre-selects the request and fills subject and message', async ({ page }) => {
    for (const [type, subject] of [
      ['audit', 'Free SEO audit request'],
      ['call', 'Book a 15-minute call'],
      ['seo-checklist', 'Free SEO checklist (PDF)'],
    ]) {
      await page.goto(`/contact?type=${type}`);
      await expect(form(page).getByLabel('What can I help with?')).toHaveValue(type!);
      await expect(form(page).getByLabel('Subject')).toHaveValue(subject!);
      await expect(form(page).getByLabel('Message')).not.toHaveValue('');
    }
  });

  test('can be completed and sent with the keyboard alone', async ({ page }) => {
    await page.goto('/contact?type=call');
    await form(page).getByLabel('What can I help with?').focus();
    await expect(page.locator('astro-island:has(form[data-contact-form])')).not.toHaveAttribute('ssr', '');
    await page.keyboard.press('Tab');
    await expect(form(page).getByLabel('Your name')).toBeFocused();
    await page.keyboard.type('Jane Smith');
    await page.keyboard.press('Tab');
    await page.keyboard.type('jane@example.com');
    await page.keyboard.press('Tab');
    await expect(form(page).getByLabel('Subject')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('End');
    await page.keyboard.type(' Tuesday mornings.');
    await page.keyboard.press('Tab');
    await expect(form(page).getByRole('button', { name: 'Send message' })).toBeFocused();
    await page.keyboard.press('Enter');
    // One confirmation, in the form: announced (a live region), focused, in the owner's voice; no toast besides.
    const confirmation = page.getByRole('status').filter({ hasText: contactMessages.successTitle });
    await expect(confirmation).toHaveCount(1);
    await expect(confirmation).toContainText(contactMessages.successText);
    await expect(sentConfirmation(page)).toBeFocused();
    await expect(toast(page)).toBeHidden();
    await expect(form(page).getByLabel('Your name')).toHaveValue('');
    // The request type chosen is kept (with its preset text) for a next message, not reset to a general enquiry.
    await expect(form(page).getByLabel('What can I help with?')).toHaveValue('call');
    await expect(form(page).getByLabel('Subject')).toHaveValue(requestPresets.call.subject);
    await expect(form(page).getByLabel('Message')).toHaveValue(requestPresets.call.message);
  });

  test('shows each error beside its field, linked for screen readers, and focuses the first', async ({ page }) => {
    await page.goto('/contact');
    await hydrateForm(page);
    await form(page).getByLabel('Your name').fill('J');
    await form(page).getByLabel('E-mail address').fill('jane..smith@example.com');
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page)).toContainText('Validation Error');
    await expect(toast(page)).toContainText('Please fix the errors below and try again.');
    const name = form(page).getByLabel('Your name');
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Name must be at least 2 characters long');
    await expect(form(page).getByLabel('E-mail address')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(form(page).getByLabel('Subject')).toHaveAccessibleDescription('Subject must be at least 5 characters long');
    await expect(form(page).getByLabel('Message')).toHaveAccessibleDescription('Message must be at least 10 characters long');
    await expectNoAxeViolations(page);
    // Fixing the fields clears the errors on the next send.
    await fillValid(page, 'after-errors');
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(sentConfirmation(page)).toContainText(contactMessages.successTitle);
    await expect(form(page).locator('[aria-invalid="true"]')).toHaveCount(0);
  });

  test('reads "Sending..." and disables the fields while the message is on its way', async ({ page }) => {
    await page.goto('/contact');
    await hydrateForm(page);
    await fillValid(page, 'slow');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(form(page).getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(form(page).getByLabel('Your name')).toBeDisabled();
    release();
    await expect(sentConfirmation(page)).toContainText(contactMessages.successTitle);
    await expect(form(page).getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  test('tells the visitor how long to wait after three messages', async ({ page }) => {
    await page.goto('/contact');
    await hydrateForm(page);
    for (let i = 0; i < 3; i++) {
      await fillValid(page, `limit-${i}`);
      await sendAndExpectSent(page);
    }
    await fillValid(page, 'limit-3');
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page)).toContainText('Too Many Submissions');
    await expect(toast(page)).toContainText(/Please wait (10|9) minutes before submitting again\./);
    await expect(form(page).getByLabel('Your name')).toHaveValue('Jane Smith');
  });

  test('shows the server error, or the e-mail fallback when the network fails', async ({ page }) => {
    await page.goto('/contact');
    await hydrateForm(page);
    await fillValid(page, 'server-error');
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ ok: false, error: 'Database unavailable' }) }),
    );
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page)).toContainText('Failed to send message');
    await expect(toast(page)).toContainText('Database unavailable');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to send message' })).toHaveCount(1);
    await page.unroute('**/api/contact');
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page)).toContainText(contactMessages.failureFallback);
    // Nothing typed was lost.
    await expect(form(page).getByLabel('Message')).toHaveValue('Please help me with local SEO for my bakery.');
  });

  test('asking for the checklist ends with its download', async ({ page }) => {
    await page.goto(paths.contact('seo-checklist'));
    await hydrateForm(page);
    await form(page).getByLabel('Your name').fill('Jane Smith');
    await form(page).getByLabel('E-mail address').fill('jane@example.com');
    await form(page).getByRole('button', { name: 'Send message' }).click();
    const link = form(page).getByRole('link', { name: checklist.linkLabel });
    await expect(link).toBeVisible();
    await expectChecklistDownload(page, link);
  });

  test('no character typed while the form hydrates is lost, on a 6× slower CPU', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto('/contact');
    await expect(page.locator('astro-island:has(form[data-contact-form])')).toHaveAttribute('ssr', '');
    // Typing starts with the click that starts the hydration, without waiting for it.
    await form(page).getByLabel('Your name').click();
    await page.keyboard.type('Jordan Hale');
    await page.keyboard.press('Tab');
    await page.keyboard.type('jordan@example.com');
    await expect(page.locator('astro-island:has(form[data-contact-form])')).not.toHaveAttribute('ssr', '');
    await expect(form(page).getByLabel('Your name')).toHaveValue('Jordan Hale');
    await expect(form(page).getByLabel('E-mail address')).toHaveValue('jordan@example.com');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('the home page form works the same way', async ({ page }) => {
    await page.goto('/#contact');
    await hydrateForm(page);
    await fillValid(page, 'home');
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(sentConfirmation(page)).toContainText(contactMessages.successTitle);
    await expect(toast(page)).toBeHidden();
    await expect(form(page).getByLabel('What can I help with?')).toHaveValue('general');
  });

  test("the checklist's download page is accessible", async ({ page }) => {
    await page.goto(paths.checklistSent);
    await expect(page.getByRole('link', { name: checklist.linkLabel })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the page answering a post without JavaScript is accessible', async ({ page }) => {
    await page.goto('/contact');
    // Filled and submitted from script, which does not hydrate the island: the browser posts the form natively.
    await page.evaluate(() => {
      const el = document.querySelector<HTMLFormElement>('main form[data-contact-form]')!;
      (el.elements.namedItem('name') as HTMLInputElement).value = 'J';
      el.requestSubmit();
    });
    await expect(page.locator('h1')).toHaveText('Validation Error');
    await expectNoAxeViolations(page);
  });

  test('pages load only a few KB of script, and the form framework only when the form is used', async ({ page }) => {
    const scripts: { url: string; bytes: number }[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script') scripts.push({ url: r.url(), bytes: Number((await r.headerValue('content-length')) ?? 0) });
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // The entry script is deferred past the first paint: on a loaded machine it may start after "network idle".
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    const framework = /\/(client|ContactForm)\.[\w-]+\.js$/;
    expect(scripts.filter((s) => framework.test(s.url))).toEqual([]);
    const firstLoad = scripts.reduce((sum, s) => sum + s.bytes, 0);
    expect(firstLoad).toBeGreaterThan(0);
    expect(firstLoad).toBeLessThan(10 * 1024);
    await form(page).getByLabel('Your name').click();
    await expect.poll(() => scripts.some((s) => framework.test(s.url))).toBe(true);
  });
});

test.describe('contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ page }) => asNewClient(page));

  test('posts normally and lands on the confirmation page', async ({ page }) => {
    await page.goto('/contact');
    await form(page).getByLabel('What can I help with?').selectOption('audit');
    await fillValid(page, 'nojs');
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact\/sent$/);
    await expect(page.locator('h1')).toHaveText(contactMessages.successTitle);
    await expect(page.getByText(contactMessages.successText)).toBeVisible();
  });

  test('asking for the checklist lands on a page with its download', async ({ page }) => {
    await page.goto(paths.contact('seo-checklist'));
    await form(page).getByLabel('What can I help with?').selectOption('seo-checklist');
    await fillValid(page, 'nojs-checklist');
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(new RegExp(`${paths.checklistSent}$`));
    await expect(page.locator('h1')).toHaveText('Message sent!');
    await expect(page.getByText(checklist.readyText)).toBeVisible();
    await expectChecklistDownload(page, page.getByRole('link', { name: checklist.linkLabel }));
  });

  test('gets the form back with the same messages and its values kept', async ({ page }) => {
    await page.goto('/contact');
    await form(page).getByLabel('Your name').fill('J');
    await form(page).getByLabel('E-mail address').fill('not-an-email');
    await form(page).getByLabel('Subject').fill('Kept subject');
    await form(page).getByLabel('Message').fill('short');
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('h1')).toHaveText('Validation Error');
    await expect(page.getByText('Please fix the errors below and try again.').first()).toBeVisible();
    await expect(form(page).getByLabel('Your name')).toHaveAccessibleDescription('Name must be at least 2 characters long');
    await expect(form(page).getByLabel('E-mail address')).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(form(page).getByLabel('Message')).toHaveAccessibleDescription('Message must be at least 10 characters long');
    await expect(form(page).getByLabel('Subject')).toHaveValue('Kept subject');
    await expect(form(page).getByLabel('E-mail address')).toHaveValue('not-an-email');
    // Correcting and sending again works.
    await fillValid(page, 'nojs-retry');
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact\/sent$/);
  });

  test('is told to wait after three messages', async ({ page }) => {
    for (let i = 0; i < 3; i++) {
      await page.goto('/contact');
      await fillValid(page, `nojs-limit-${i}`);
      await form(page).getByRole('button', { name: 'Send message' }).click();
      await expect(page).toHaveURL(/\/contact\/sent$/);
    }
    await page.goto('/contact');
    await fillValid(page, 'nojs-limit-3');
    await form(page).getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('h1')).toHaveText('Too Many Submissions');
    await expect(page.getByText(/Please wait (10|9) minutes before submitting again\./)).toBeVisible();
  });
});
