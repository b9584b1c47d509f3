/**
 * The AI generator in Chromium as the owner uses it, against the fake OpenAI-compatible server the config starts:
 * every state and toast, text visible while the model is still writing, Stop, the meta view, the download, copying
 * with the clipboard allowed and refused, the history, the keyboard alone, and axe at 390 px.
 */
import { expect, type Page } from '@playwright/test';
import { aiLimits, aiMessages, aiProblems } from '../../src/config/ai';
import { describeRange, serviceOffers } from '../../src/config/pricing';
import { fakeAnswers } from '../support/fake-openai.mjs';
import { openTab, signedInTest as test } from '../support/e2e-admin-session';
import { asNewClient, toast } from '../support/e2e-contact-form';
import { expectNoAxeViolations, expectNoSidewaysScroll } from '../support/e2e-helpers';

const aiBase = `http://127.0.0.1:${process.env.E2E_AI_PORT}`;

const openAiTools = (page: Page) => openTab(page, 'ai-tools');

const result = (page: Page) => page.locator('[data-ai-result]');
const generateButton = (page: Page) => page.getByRole('button', { name: /^(Generate|Generating\.\.\.)$/ });
const historyCard = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'History' }) });

test.beforeEach(async ({ page }) => asNewClient(page));

test('keyboard only: empty prompt, a blog post streamed while the model writes, download, copy, history', async ({ page, context }, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openAiTools(page);
  await expect(generateButton(page)).toBeDisabled();
  await expect(page.getByLabel('Content type')).toHaveValue('blog');
  const box = await page.getByLabel('Prompt').boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(100);

  // Submitting with nothing but spaces: the spec's toast.
  await page.getByLabel('Prompt').focus();
  await page.keyboard.type('   ');
  await page.keyboard.press('Control+Enter');
  await expect(toast(page)).toContainText(aiMessages.promptRequired.title);
  await expect(toast(page)).toContainText(aiMessages.promptRequired.description);

  const gate = `e2e${info.workerIndex}${Date.now()}`;
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`A guide to local SEO for cafés [fake:gate:${gate}]`);
  await page.keyboard.press('Tab');
  await expect(generateButton(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(generateButton(page)).toHaveText(aiMessages.generating);
  await expect(generateButton(page)).toBeDisabled();
  // The first words are on the page while the model still holds its last chunk.
  await expect(result(page)).toContainText('title: "Local SEO in Hatfield');
  await expect(result(page)).not.toContainText('Reply to every review.');
  await fetch(`${aiBase}/release/${gate}`, { method: 'POST' });
  await expect(toast(page)).toContainText(aiMessages.generated.title);
  await expect(toast(page)).toContainText(aiMessages.generated.description);
  await expect(result(page)).toContainText('Reply to every review.');
  await expect(result(page)).toContainText('published:');
  await expect(generateButton(page)).toHaveText('Generate');

  // Under the post: what the owner can do here, not a developer's instruction about the repository.
  await expect(page.getByText(aiMessages.blogResultHint(true))).toBeVisible();
  await expect(page.getByText('src/content/posts')).toHaveCount(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('[data-ai-result-card]').screenshot({ path: info.outputPath(`ai-result-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .md' }).focus();
  await page.keyboard.press('Enter');
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('local-seo-in-hatfield-a-practical-guide.md');

  await page.getByRole('button', { name: 'Copy', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText(aiMessages.copied.title);
  await expect(toast(page)).toContainText(aiMessages.copied.description);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await result(page).textContent());

  const item = historyCard(page).locator('li', { hasText: `A guide to local SEO for cafés [fake:gate:${gate}]` });
  await expect(item.getByText('Generated', { exact: true })).toBeVisible();
});

test('copy refused by the browser: the Copy Failed toast', async ({ page }) => {
  // Chromium lets a click write to the clipboard whatever its permission says (checked: Browser.setPermission
  // 'denied' changes nothing), so the refusal other browsers, insecure pages and policies give is made here: the
  // page's clipboard rejects as theirs does.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
    });
  });
  await openAiTools(page);
  await page.getByLabel('Prompt').fill('Home page');
  await page.getByLabel('Content type').selectOption('meta');
  await generateButton(page).click();
  await expect(toast(page)).toContainText(aiMessages.generated.title);
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(toast(page)).toContainText(aiMessages.copyFailed.title);
  await expect(toast(page)).toContainText(aiMessages.copyFailed.description);
});

test('meta tags show their lengths and a search preview; a service description states its real price', async ({ page }) => {
  await openAiTools(page);
  await page.getByLabel('Content type').selectOption('meta');
  await page.getByLabel('Prompt').fill('Home page [fake:meta-long]');
  await generateButton(page).click();
  await expect(toast(page)).toContainText(aiMessages.generated.title);
  await expect(page.getByText(`The first answer was sent back once: ${aiProblems.titleLong(85, aiLimits.meta.titleMax)}`)).toBeVisible();
  const meta = JSON.parse(fakeAnswers.meta) as { title: string; description: string };
  await expect(page.getByText(`${meta.title.length} characters (at most ${aiLimits.meta.titleMax})`)).toBeVisible();
  await expect(page.getByText(`${meta.description.length} characters (${aiLimits.meta.descriptionMin}–${aiLimits.meta.descriptionMax})`)).toBeVisible();
  await expect(page.getByRole('figure')).toContainText(meta.title);

  await page.getByLabel('Content type').selectOption('service');
  await page.getByLabel('Service', { exact: true }).selectOption('webdesign');
  await page.getByLabel('Prompt').fill('For the web design page');
  await generateButton(page).click();
  await expect(toast(page)).toContainText(aiMessages.generated.title);
  await expect(result(page)).toContainText(describeRange(serviceOffers.webdesign.range));
});

test('a failure, Stop, and the history: open and delete', async ({ page }) => {
  await openAiTools(page);
  await page.getByLabel('Prompt').fill('Anything [fake:server-error]');
  await generateButton(page).click();
  await expect(toast(page)).toContainText(aiMessages.failed.title);
  await expect(toast(page)).toContainText('had an error (500)');

  await page.getByLabel('Prompt').fill('A long one [fake:slow]');
  await generateButton(page).click();
  await expect(result(page)).toContainText('---');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(toast(page)).toContainText('Generation stopped');
  await expect(generateButton(page)).toHaveText('Generate');
  await expect(historyCard(page).locator('li', { hasText: 'A long one [fake:slow]' }).getByText('Stopped', { exact: true })).toBeVisible();

  const failedItem = historyCard(page).locator('li', { hasText: 'Anything [fake:server-error]' });
  await expect(failedItem.getByText('Failed', { exact: true })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await failedItem.getByRole('button', { name: /^Delete/ }).click();
  await expect(failedItem).toHaveCount(0);

  const stoppedItem = historyCard(page).locator('li', { hasText: 'A long one [fake:slow]' });
  await stoppedItem.getByRole('button', { name: /^Open/ }).click();
  await expect(result(page)).toContainText('---');
});

test('the tab has no WCAG 2.2 AA violations at 390 px, with a result and a history', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAiTools(page);
  await page.getByLabel('Content type').selectOption('meta');
  await page.getByLabel('Prompt').fill('Home page');
  await generateButton(page).click();
  await expect(toast(page)).toContainText(aiMessages.generated.title);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
});
