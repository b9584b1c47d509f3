/**
 * Publishing from the admin, as the owner does it in Chromium: a Blog Post from AI tools (the fake OpenAI-compatible
 * server) used as a draft, what the checks flag fixed, bad input, two tabs, the private preview, publishing; the post
 * on /blog, in the sitemap and the feed, submitted to the fake IndexNow endpoint, axe-clean; unpublishing answers 410
 * and takes it out of all three; a scheduled post appears when its time comes. Screenshots at 390 and 1280 px go to
 * the test's output folder. Slugs start "e2e-" (helpers.ts: the specs comparing the sitemap leave them out).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { postMessages, postPaths } from '../../src/config/posts';
import { rules } from '../../src/lib/sitecheck-rules.mjs';
import { utcToLondonLocal } from '../../src/lib/posts';
import { openTab, signedInTest as test } from './admin-session';
import { asNewClient } from './contact-form';
import { siteOrigin } from './helpers';

const indexNowRequests = `http://127.0.0.1:${process.env.E2E_INDEXNOW_PORT}/requests`;
const submitted = async () => ((await (await fetch(indexNowRequests)).json()) as { body: { urlList: string[] } }[]).flatMap((r) => r.body.urlList);
const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze()).violations.map((v) => v.id);
const checksCard = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'SEO checks' }) });

async function shoot(page: Page, name: string, dir: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeEach(async ({ page }) => asNewClient(page));

test('an AI draft, checked, previewed and published is a live, indexed post; unpublished it answers 410', async ({ page, context, request }, info) => {
  test.setTimeout(120_000);
  const slug = `e2e-local-seo-${info.workerIndex}-${Date.now()}`;
  const path = `/blog/${slug}`;

  await openTab(page, 'ai-tools');
  await page.getByLabel('Prompt').fill('A practical guide to local SEO for Hatfield businesses');
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.getByRole('button', { name: 'Use as draft' }).click();
  // The editor opens on a new post; its first autosave may already have given it its own address.
  await expect(page).toHaveURL(new RegExp(`${postPaths.newPost}$|${postPaths.editor('ID').replace('ID', '[0-9a-f-]{36}')}$`));
  await expect(page.getByLabel('Title')).toHaveValue('Local SEO in Hatfield: A Practical Guide');
  await expect(page.getByLabel('Slug')).toHaveValue('local-seo-in-hatfield-a-practical-guide');
  await expect(page.getByLabel('Description')).toHaveValue(/^A practical guide to local SEO/);
  await expect(page.getByLabel('Keywords')).toHaveValue('local SEO, Hatfield, Google Business Profile');

  // The checks flag a second h1 and a link to no page, as the owner types; fixed, they go.
  const body = page.getByLabel('Body (Markdown)');
  const generated = await body.inputValue();
  await body.fill(`${generated}\n# More about reviews\n\nSee [our prices](/prices).`);
  await expect(checksCard(page)).toContainText(rules['h1-multiple']!.title);
  await expect(checksCard(page)).toContainText('/prices is not a page of this site.');
  await body.fill(`${generated}\n## More about reviews\n\nSee [our services](/services).`);
  await expect(checksCard(page)).toContainText('Nothing to fix');
  await expect(page.locator('.prose h2', { hasText: 'More about reviews' })).toBeVisible();

  // Bad input: an empty title, a built post's slug.
  const title = page.getByLabel('Title');
  await title.fill('');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(postMessages.titleEmpty)).toBeVisible();
  await title.fill('Local SEO in Hatfield: A Practical Guide');
  await page.getByLabel('Slug').fill('local-seo-mistakes');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(postMessages.slugTaken)).toBeVisible();
  await page.getByLabel('Slug').fill(slug);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}$/);
  const editorUrl = page.url();
  expect(await axe(page)).toEqual([]);
  await shoot(page, 'editor', info.outputDir);

  // Two tabs: the second saves first; the first's save is refused with what changed, its text kept.
  const other = await context.newPage();
  await other.goto(editorUrl);
  await other.getByLabel('Description').fill('Changed in the second tab: a practical guide to local SEO for Hatfield businesses, profiles, reviews and pages.');
  await other.getByRole('button', { name: 'Save draft' }).click();
  await expect(other.getByText('Draft saved.')).toBeVisible();
  await other.close();
  await body.fill(`${await body.inputValue()}\n\nA closing line typed in the first tab.`);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Changed in the other tab: Description' })).toBeVisible();
  await expect(body).toHaveValue(/A closing line typed in the first tab\.$/);
  await page.getByRole('button', { name: 'Keep mine' }).click();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();

  // The private preview: the site's page, not for search.
  const [preview] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Preview' }).click()]);
  await expect(preview.locator('h1')).toHaveText('Local SEO in Hatfield: A Practical Guide');
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await preview.close();
  // Only the signed-in owner can open it.
  expect((await fetch(`${editorUrl}/preview`, { redirect: 'manual' })).status).toBe(303);

  // A time in the past is refused; then published now.
  await page.getByLabel('Publish at (UK time, optional)').fill('2020-01-01T09:00');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByRole('alert').filter({ hasText: postMessages.scheduleInPast })).toBeVisible();
  await expect(page.getByLabel('Publish at (UK time, optional)')).toHaveAccessibleDescription(new RegExp(postMessages.scheduleInPast.replace(/[()]/g, '.')));
  await page.getByLabel('Publish at (UK time, optional)').fill('');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: the post is live.')).toBeVisible();

  const live = await request.get(path);
  expect(live.status()).toBe(200);
  expect(live.headers()['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  const visitor = await context.browser()!.newContext({ storageState: { cookies: [], origins: [] } });
  const reader = await visitor.newPage();
  await reader.goto(path);
  await expect(reader.locator('h1')).toHaveText('Local SEO in Hatfield: A Practical Guide');
  await expect(reader.locator('link[rel=canonical]')).toHaveAttribute('href', siteOrigin + path);
  expect(await axe(reader)).toEqual([]);
  await shoot(reader, 'published-post', info.outputDir);
  await reader.goto('/blog');
  await expect(reader.locator(`a[href="${path}"]`)).toBeVisible();
  await visitor.close();
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`<loc>${siteOrigin}${path}</loc>`);
  expect(await (await request.get('/rss.xml')).text()).toContain(`<link>${siteOrigin}${path}</link>`);
  await expect.poll(submitted, { timeout: 15_000 }).toContain(siteOrigin + path);

  // Unpublished: 410, and out of the blog, the sitemap and the feed.
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Unpublished: its address now answers 410 Gone.')).toBeVisible();
  expect((await request.get(path)).status()).toBe(410);
  expect(await (await request.get('/blog')).text()).not.toContain(path);
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain(path);
  expect(await (await request.get('/rss.xml')).text()).not.toContain(path);

  await page.goto(postPaths.list);
  await expect(page.getByRole('row', { name: /Local SEO in Hatfield/ }).first()).toContainText('Unpublished');
  await expect(page.getByRole('row', { name: /Local SEO Mistakes|7 Local SEO Mistakes/ })).toContainText('src/content/posts/local-seo-mistakes.md');
  expect(await axe(page)).toEqual([]);
  await shoot(page, 'post-list', info.outputDir);
});

test('a post scheduled a minute or two ahead (UK time) appears when its time comes', async ({ page, request }, info) => {
  test.setTimeout(200_000);
  const slug = `e2e-scheduled-${info.workerIndex}-${Date.now()}`;
  await page.goto(postPaths.newPost);
  await page.getByLabel('Title').fill('A scheduled guide to reviews');
  await page.getByLabel('Slug').fill(slug);
  await page
    .getByLabel('Description')
    .fill('How small businesses in Hatfield can ask for, answer and learn from reviews, with a routine that takes ten minutes a week.');
  await page.getByLabel('Body (Markdown)').fill('## Ask every happy customer\n\nA short routine that works.');
  // At least 30 s ahead, whatever the second now (the field takes minutes).
  const at = utcToLondonLocal(Date.now() + 90_000);
  await page.getByLabel('Publish at (UK time, optional)').fill(at);
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText(/^Scheduled for /)).toBeVisible();
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404);
  await expect.poll(async () => (await request.get(`/blog/${slug}`)).status(), { timeout: 170_000, intervals: [2000] }).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Unpublished: its address now answers 410 Gone.')).toBeVisible();

  // Unpublished, it is a draft again: typing saves itself a few seconds after it stops.
  await page.getByLabel('Body (Markdown)').fill('## Ask every happy customer\n\nA short routine that works, saved on its own.');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(page.getByText(/Saved automatically at \d{2}:\d{2}/)).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByLabel('Body (Markdown)')).toHaveValue(/saved on its own\.$/);
  // Leaving with unsaved changes asks first.
  await page.getByLabel('Title').fill('A title not saved yet');
  const asked = page.waitForEvent('dialog');
  void page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(page.getByLabel('Title')).toHaveValue('A title not saved yet');
});
