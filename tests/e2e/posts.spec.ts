/**
 * Publishing from the admin, as the owner does it in Chromium: a Blog Post from AI tools (the fake OpenAI-compatible
 * server) used as a draft, what the checks flag fixed, bad input, two tabs, the private preview, publishing; the post
 * on /blog, in the sitemap and the feed, submitted to the fake IndexNow endpoint, axe-clean; unpublishing answers 410
 * and takes it out of all three; a scheduled post appears when its time comes. Screenshots at 390 and 1280 px go to
 * the test's output folder. Slugs start "e2e-" (helpers.ts: the specs comparing the sitemap leave them out).
 */
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { postLimits, postMessages, postPaths } from '../../src/config/posts';
import { rules } from '../../src/lib/sitecheck-rules.mjs';
import { utcToLondonLocal } from '../../src/lib/posts';
import { openTab, signedInTest as test } from '../support/e2e-admin-session';
import { asNewClient } from '../support/e2e-contact-form';
import { siteOrigin, axeViolations as axe } from '../support/e2e-helpers';
import { adminApi } from '../../src/config/admin';

const indexNowRequests = `http://127.0.0.1:${process.env.E2E_INDEXNOW_PORT}/requests`;
const submitted = async () => ((await (await fetch(indexNowRequests)).json()) as { body: { urlList: string[] } }[]).flatMap((r) => r.body.urlList);
const checksCard = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'SEO checks' }) });

async function shoot(page: Page, name: string, dir: string, fullPage = true) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeEach(async ({ page }) => asNewClient(page));

test('an AI draft, checked, previewed and published is a live, indexed post; unpublished it answers 410', async ({ page, context, request }, info) => {
  test.setTimeout(180_000);
  const slug = `e2e-local-seo-${info.workerIndex}-${Date.now()}`;
  const path = `/blog/${slug}`;

  const aiTitle = 'Local SEO in Hatfield: A Practical Guide';
  const drafts = async () =>
    ((await (await page.request.get(adminApi.posts)).json()) as { posts: { title: string }[] }).posts.filter((p) => p.title === aiTitle).length;
  const before = await drafts();
  await openTab(page, 'ai-tools');
  await page.getByLabel('Prompt').fill('A practical guide to local SEO for Hatfield businesses');
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.getByRole('button', { name: 'Use as draft' }).click();
  // The editor opens on a new post, which is not saved (nor autosaved) until the owner saves it.
  await expect(page).toHaveURL(new RegExp(`${postPaths.newPost}$`));
  await expect(page.getByText(postMessages.fromAi)).toBeVisible();
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
  // Typed into, and left longer than a draft takes to save itself: still not saved, and leaving would ask first.
  await page.waitForTimeout(postLimits.autosaveMs + 2000);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${postPaths.newPost}$`));
  expect(await drafts()).toBe(before);
  const asked = page.waitForEvent('dialog');
  void page.close({ runBeforeUnload: true });
  const leaving = await asked;
  expect(leaving.type()).toBe('beforeunload');
  await leaving.dismiss();

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
  expect(await drafts()).toBe(before);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/[0-9a-f-]{36}$/);
  expect(await drafts()).toBe(before + 1);
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

  // Unpublishing asks first, in a dialog the keyboard works: Escape (or Keep it live) leaves the page up, focus back
  // on Unpublish; confirmed, the page answers 410 and focus is on Publish, which would put it back.
  const unpublish = page.getByRole('button', { name: 'Unpublish', exact: true });
  const confirmDialog = page.getByRole('dialog', { name: postMessages.unpublishConfirm.title });
  await unpublish.click();
  await expect(confirmDialog).toBeVisible();
  await expect(confirmDialog).toHaveAccessibleDescription(postMessages.unpublishConfirm.body);
  await expect(confirmDialog.getByRole('button', { name: postMessages.unpublishConfirm.cancel })).toBeFocused();
  expect(await axe(page)).toEqual([]);
  // What the owner sees: the dialog over the screen (a full-page shot would draw the backdrop over one screen only).
  await shoot(page, 'unpublish-confirm', info.outputDir, false);
  await page.keyboard.press('Escape');
  await expect(confirmDialog).toBeHidden();
  await expect(unpublish).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirmDialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(confirmDialog).toBeHidden();
  await expect(unpublish).toBeFocused();
  expect((await request.get(path)).status()).toBe(200);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(confirmDialog.getByRole('button', { name: postMessages.unpublishConfirm.confirm })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Unpublished: its address now answers 410 Gone.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeFocused();
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
  await page.getByRole('button', { name: postMessages.unpublishConfirm.confirm }).click();
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

test('a cover: chosen with a button, shown by its name and thumbnail; its alt text is asked for once left empty or on publishing', async ({ page }, info) => {
  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
  await page.goto(postPaths.newPost);
  await page.getByLabel('Title').fill('Shopfront photos that help local SEO');
  const slug = `e2e-cover-${info.workerIndex}-${Date.now()}`;
  await page.getByLabel('Slug').fill(slug);
  const group = page.getByRole('group', { name: 'Cover image' });
  await expect(group.getByText('No cover image yet.')).toBeVisible();

  const choosing = page.waitForEvent('filechooser');
  await group.getByRole('button', { name: 'Choose image' }).click();
  await (await choosing).setFiles({ name: 'hatfield-shopfront.jpg', mimeType: 'image/jpeg', buffer: photo });
  // The choice is shown (never the browser's "No file chosen" beside it), with Change and Remove.
  // (Made into six images by the server: under load that can take a while.)
  await expect(group.getByText('hatfield-shopfront.jpg')).toBeVisible({ timeout: 20_000 });
  await expect(group.locator('img')).toBeVisible();
  await expect(page.getByText('No file chosen')).toHaveCount(0);
  await expect(group.getByRole('button', { name: 'Change image' })).toBeVisible();
  await expect(group.getByRole('button', { name: 'Remove cover' })).toBeVisible();

  // The alt text is the next thing to fill: focused, and not flagged before the owner could type.
  const alt = page.getByLabel('Alt text');
  await expect(alt).toBeFocused();
  await expect(alt).not.toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'cover-chosen', info.outputDir);
  // Left empty: now it says what it needs.
  await page.keyboard.press('Tab');
  await expect(alt).toHaveAttribute('aria-invalid', 'true');
  await expect(alt).toHaveAccessibleDescription(new RegExp(postMessages.altNeeded.replace(/[()".]/g, '.')));
  await alt.fill('The shop’s front window on Market Place');
  await expect(alt).not.toHaveAttribute('aria-invalid', 'true');
  expect(await axe(page)).toEqual([]);

  // A new cover: not flagged again until left or published; publishing without it is refused at the field.
  await alt.fill('');
  const again = page.waitForEvent('filechooser');
  await group.getByRole('button', { name: 'Change image' }).click();
  await (await again).setFiles({ name: 'market-place.png', mimeType: 'image/png', buffer: await sharp(photo).png().toBuffer() });
  await expect(group.getByText('market-place.png')).toBeVisible({ timeout: 20_000 });
  await expect(alt).not.toHaveAttribute('aria-invalid', 'true');
  await page
    .getByLabel('Description')
    .fill('Why a clear photo of your shopfront helps people find you on Google Maps, and how to take one on a phone in ten minutes.');
  await page.getByLabel('Body (Markdown)').fill('## Take it in daylight\n\nStand across the road.');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(alt).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Published: the post is live.')).toHaveCount(0);

  // Described, it publishes; on the page the cover is the first screen's image, so it is fetched at once and first.
  await alt.fill('The shop’s front window on Market Place');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published: the post is live.')).toBeVisible();
  await page.goto(`/blog/${slug}`);
  const cover = page.locator('article picture img');
  await expect(cover).toHaveAttribute('fetchpriority', 'high');
  await expect(cover).not.toHaveAttribute('loading', 'lazy');
  expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await shoot(page, 'post-with-cover', info.outputDir);
});
