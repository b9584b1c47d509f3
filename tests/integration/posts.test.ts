/**
 * Posts written in the admin, through the built server as real processes (two sharing one database, as two instances
 * in production): the lifecycle and its bad input, the public page as a built post's, /blog, the sitemap and the
 * feed, IndexNow, 410 after unpublishing, the scheduler, covers and views — on SQLite and (with TEST_DATABASE_URL)
 * PostgreSQL. The Markdown's sanitising and the live checks: tests/unit/posts.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../src/config/admin';
import { analyticsEndpoint } from '../../src/config/analytics-wire.mjs';
import { paths } from '../../src/config/paths';
import { business } from '../../src/config/business';
import { staticPages } from '../../src/config/pages';
import { postMessages, postPaths, readingWordsPerMinute } from '../../src/config/posts';
import { isoDay } from '../../src/lib/format';
import { londonLocalToUtc, utcToLondonLocal } from '../../src/lib/posts';
import { readingMinutes, wordCount } from '../../src/lib/reading';
import { pageTitle } from '../../src/seo/head';
import { socialCardPath } from '../../src/seo/urls';
import { openDatabase, type Db } from '../../src/server/db';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { FakeIndexNow } from '../support/fake-indexnow.mjs';
import { freePort, logErrors, SiteProcess } from '../support/server';
import { until } from '../support/until';
import { vnuErrors, vnuMessages } from '../support/vnu';

const siteOrigin = 'https://www.hale-digital.example';
const browserAgent = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' };
const phoneAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const password = 'a sensible long passphrase';
/** The page's BlogPosting JSON-LD. */
const blogPosting = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((b) => b['@type'] === 'BlogPosting');

/** A paragraph long enough that the post reads in just over one reading-time minute (rounded up, not to the nearest). */
const winterRoutine = 'Each winter week, check one listing, answer every review and fix one slow page on the site. '.repeat(14).trim();

describe.each(databaseNames())('admin posts on %s', (name) => {
  let target: DatabaseTarget;
  let endpoint: FakeIndexNow;
  let siteA: SiteProcess;
  let siteB: SiteProcess;
  let owner: CookieClient;
  let db: Db;

  const send = (path: string, body: unknown, method = 'POST') =>
    owner
      .request(path, { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Accept: 'application/json' } })
      .then(async (r) => ({
        status: r.status,
        body: (await r.json()) as Record<string, any>,
      }));
  const page = (site: SiteProcess, path: string) => fetch(`${site.base}${path}`, { headers: browserAgent, redirect: 'manual' });
  const fields = (over: Record<string, unknown> = {}) => ({
    title: 'Winter SEO for Hatfield shops',
    slug: 'winter-seo-for-hatfield-shops',
    description: 'How Hatfield shops can use the quieter winter weeks to fix their local SEO: profiles, reviews, pages and speed, one step at a time.',
    keywords: 'local SEO, Hatfield, winter',
    body: `## Start with your profile\n\nCheck the [services](/services) you list. <script>alert(1)</script>\n\n## Then the pages\n\nA guide from [Google](https://developers.google.com/search).\n\n${winterRoutine}`,
    coverId: '',
    coverAlt: '',
    ...over,
  });

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    endpoint = new FakeIndexNow();
    await endpoint.start();
    const env = {
      DATABASE_URL: target.url,
      SMTP_URL: '',
      INDEXNOW_KEY: 'posts-test-key',
      INDEXNOW_ENDPOINT: endpoint.url,
      INDEXNOW_RETRY_BASE_MS: '20',
      TRUST_PROXY: 'true',
    };
    siteA = new SiteProcess(await freePort(), env);
    siteB = new SiteProcess(await freePort(), env);
    await Promise.all([siteA.start(), siteB.start()]);
    expect(runAdminScript('create', 'owner@example.com', password, target.url).stderr).toBe('');
    owner = new CookieClient(siteA.base, browserAgent);
    expect((await owner.json('/api/auth/sign-in', { email: 'owner@example.com', password })).status).toBe(200);
    ({ db } = await openDatabase(target.url, target.options));
  }, 60_000);
  afterAll(async () => {
    await siteA?.stop();
    await siteB?.stop();
    await db?.destroy();
    await endpoint?.stop();
    await target?.dispose();
  });

  it('needs the owner: 401 without a session', async () => {
    expect((await fetch(`${siteA.base}${adminApi.posts}`)).status).toBe(401);
    expect((await fetch(`${siteA.base}${postPaths.list}`, { redirect: 'manual' })).status).toBe(303);
  });

  let id = '';
  let version = 0;

  it('refuses an empty title, a bad or taken slug (a built post’s too), and keeps a draft off the site', async () => {
    expect(await send(adminApi.posts, fields({ title: '  ' }))).toMatchObject({ status: 400, body: { errors: { title: postMessages.titleEmpty } } });
    expect(await send(adminApi.posts, fields({ slug: 'Not A Slug' }))).toMatchObject({ status: 400, body: { errors: { slug: postMessages.slugInvalid } } });
    expect(await send(adminApi.posts, fields({ slug: 'local-seo-mistakes' }))).toMatchObject({
      status: 409,
      body: { errors: { slug: postMessages.slugTaken } },
    });
    const created = await send(adminApi.posts, fields());
    expect(created).toMatchObject({ status: 201, body: { ok: true, post: { status: 'draft', slug: 'winter-seo-for-hatfield-shops', version: 1 } } });
    ({ id, version } = created.body.post);
    expect(await send(adminApi.posts, fields())).toMatchObject({ status: 409, body: { errors: { slug: postMessages.slugTaken } } });
    expect((await page(siteA, '/blog/winter-seo-for-hatfield-shops')).status).toBe(404);
    const preview = await owner.request(postPaths.preview(id));
    expect(preview.status).toBe(200);
    expect(preview.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await preview.text()).toContain('<meta name="robots" content="noindex, follow">');
  });

  it('publishing needs a description; a date in the past is refused', async () => {
    const saved = await send(adminApi.post(id), { ...fields({ description: '' }), version }, 'PUT');
    expect(saved.status).toBe(200);
    version = saved.body.post.version;
    expect(await send(adminApi.postAction(id, 'publish'), { version })).toMatchObject({
      status: 400,
      body: { errors: { description: postMessages.descriptionNeeded } },
    });
    const back = await send(adminApi.post(id), { ...fields(), version }, 'PUT');
    version = back.body.post.version;
    expect(await send(adminApi.postAction(id, 'publish'), { version, at: '2020-01-01T09:00' })).toMatchObject({
      status: 400,
      body: { errors: { at: postMessages.scheduleInPast } },
    });
  });

  it('published: a first-class page on both servers within 5 s, on /blog, in the sitemap and feed, submitted to IndexNow', async () => {
    const published = await send(adminApi.postAction(id, 'publish'), { version });
    expect(published).toMatchObject({ status: 200, body: { post: { status: 'published' } } });
    version = published.body.post.version;
    const url = `${siteOrigin}/blog/winter-seo-for-hatfield-shops`;

    const response = await page(siteA, '/blog/winter-seo-for-hatfield-shops');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src [^;]*'sha256-/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await response.text();
    expect(html).toContain('<h1 class="mt-2 text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl">Winter SEO for Hatfield shops</h1>');
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(`<meta property="og:image" content="${siteOrigin}${postPaths.socialCard('winter-seo-for-hatfield-shops')}">`);
    // The head and the trail as a built post's (tests/build/head-tags.test.ts): the branded title, Home › Blog › post,
    // and the one reading-time rule.
    expect(html).toContain(`<title>${pageTitle('Winter SEO for Hatfield shops')}</title>`);
    expect(pageTitle('Winter SEO for Hatfield shops')).toContain(`| ${business.name}`);
    const words = wordCount(fields().body);
    expect(readingMinutes(words)).toBeGreaterThan(Math.round(words / readingWordsPerMinute));
    expect(html).toContain(`${readingMinutes(words)} min read`);
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('<a href="https://developers.google.com/search" rel="noopener">Google</a>');
    // Finished as the build finishes its pages: the module script deferred, the stylesheet cut to what it uses.
    expect(html).not.toMatch(/<script type="module" src=/);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(blocks.find((b) => b['@type'] === 'BlogPosting')).toMatchObject({
      headline: 'Winter SEO for Hatfield shops',
      url,
      keywords: 'local SEO, Hatfield, winter',
    });
    const trail = [staticPages.home.name, staticPages.blog.name, 'Winter SEO for Hatfield shops'];
    expect((blocks.find((b) => b['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string }[] }).itemListElement).toEqual(
      trail.map((name, i) =>
        expect.objectContaining({ name, item: `${siteOrigin}${[staticPages.home.path, staticPages.blog.path, '/blog/winter-seo-for-hatfield-shops'][i]}` }),
      ),
    );
    const visibleTrail = /<nav aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(html)![1]!;
    expect(
      [...visibleTrail.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
        m[1]!
          .replace(/<[^>]+>/g, '')
          .replace('/', '')
          .trim(),
      ),
    ).toEqual(trail);
    const card = await page(siteA, postPaths.socialCard('winter-seo-for-hatfield-shops'));
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');

    const started = Date.now();
    await until(async () => ((await page(siteB, '/blog/winter-seo-for-hatfield-shops')).status === 200 ? true : undefined), 5000);
    expect(Date.now() - started).toBeLessThan(5000);

    const blog = await (await page(siteB, '/blog')).text();
    expect(blog).toContain('href="/blog/winter-seo-for-hatfield-shops"');
    // The blog's own head tags, as a built page has them (tests/build/head-tags.test.ts checks the built pages).
    expect(blog).toContain(`<link rel="canonical" href="${siteOrigin}/blog">`);
    expect(blog).toContain(`<meta property="og:image" content="${siteOrigin}${socialCardPath('/blog')}">`);
    expect(blog.match(/<h1[\s>]/g)).toHaveLength(1);
    const blogTypes = [...blog.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => (JSON.parse(m[1]!) as { '@type': string })['@type'],
    );
    expect(blogTypes).toEqual(expect.arrayContaining(['ProfessionalService', 'ItemList', 'BreadcrumbList']));
    expect((await page(siteB, socialCardPath('/blog'))).status).toBe(200);
    const sitemap = await (await page(siteB, paths.sitemap)).text();
    expect(sitemap).toMatch(new RegExp(`<loc>${url}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
    expect(sitemap).toContain(`<loc>${siteOrigin}/blog/local-seo-mistakes</loc>`);
    expect(await (await page(siteB, paths.feed)).text()).toContain(`<link>${url}</link>`);
    await until(async () => (endpoint.submitted().includes(url) ? true : undefined));
    expect(endpoint.submitted()).toContain(`${siteOrigin}/blog`);
  });

  it('the post and the blog are valid HTML (W3C Nu checker)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'posts-vnu-'));
    try {
      const files = await Promise.all(
        ['/blog/winter-seo-for-hatfield-shops', '/blog'].map(async (pagePath, i) => {
          const file = path.join(dir, `page-${i}.html`);
          writeFileSync(file, await (await page(siteA, pagePath)).text());
          return file;
        }),
      );
      const messages = await vnuMessages(files);
      expect(vnuErrors(messages).map((m) => `${m.lastLine ?? '?'}: ${m.message}`)).toEqual([]);
      expect(messages.filter((m) => !m.message.startsWith('CSS:'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('editing a published post: a new dateModified (JSON-LD and page) and sitemap lastmod on both servers, submitted to IndexNow again', async () => {
    const url = `${siteOrigin}/blog/winter-seo-for-hatfield-shops`;
    // Published ten days ago (set in the database, rather than waiting), never edited since; the version moves on as a
    // save would, so neither server keeps the page it rendered with today's date.
    const tenDaysAgo = Date.now() - 10 * 86_400_000;
    await db
      .updateTable('posts')
      .set({ published_at: tenDaysAgo, modified_at: null, updated_at: tenDaysAgo, version: version + 1 })
      .where('id', '=', id)
      .execute();
    version += 1;
    const published = new Date(tenDaysAgo);
    const lastmodOf = (sitemap: string) => new RegExp(`<loc>${url}</loc><lastmod>([^<]+)</lastmod>`).exec(sitemap)?.[1];
    for (const site of [siteA, siteB]) {
      const html = await (await page(site, '/blog/winter-seo-for-hatfield-shops')).text();
      expect(blogPosting(html)).toMatchObject({ datePublished: published.toISOString(), dateModified: published.toISOString() });
      expect(html).not.toMatch(/Updated <time/);
      expect(lastmodOf(await (await page(site, paths.sitemap)).text())).toBe(isoDay(published));
    }
    const submittedBefore = endpoint.submitted().filter((u) => u === url).length;
    const requestsBefore = endpoint.requests.length;

    const started = Date.now();
    const edited = await send(
      adminApi.post(id),
      { ...fields({ body: `${fields().body}\n\n## Then your reviews\n\nAsk each happy customer for a review while the visit is fresh.` }), version },
      'PUT',
    );
    expect(edited).toMatchObject({ status: 200, body: { post: { status: 'published', publishedAt: tenDaysAgo } } });
    version = edited.body.post.version;
    const modified = new Date(edited.body.post.modifiedAt as number);
    expect(modified.getTime()).toBeGreaterThanOrEqual(started);

    // At once on this server and on the other one (no cache, no restart).
    for (const site of [siteA, siteB]) {
      const html = await (await page(site, '/blog/winter-seo-for-hatfield-shops')).text();
      expect(html).toContain('Ask each happy customer for a review');
      expect(blogPosting(html)).toMatchObject({ datePublished: published.toISOString(), dateModified: modified.toISOString() });
      expect(html).toMatch(new RegExp(`Published <time datetime="${isoDay(published)}"`, 'i'));
      expect(html).toMatch(new RegExp(`Updated <time datetime="${isoDay(modified)}"`, 'i'));
      expect(lastmodOf(await (await page(site, paths.sitemap)).text())).toBe(isoDay(modified));
    }

    // Submitted once more: the post and the blog, in one new request.
    await until(async () => (endpoint.submitted().filter((u) => u === url).length > submittedBefore ? true : undefined), 10_000);
    expect(endpoint.submitted().filter((u) => u === url)).toHaveLength(submittedBefore + 1);
    expect(endpoint.requests.slice(requestsBefore).map((r) => r.body.urlList)).toEqual([[url, `${siteOrigin}/blog`]]);
  });

  it('an edit updates dateModified; a save from a stale copy is refused with what changed; an earlier version can be restored', async () => {
    const edited = await send(adminApi.post(id), { ...fields({ title: 'Winter SEO for Hatfield shops and cafés' }), version }, 'PUT');
    expect(edited.status).toBe(200);
    expect(edited.body.post.modifiedAt).toBeGreaterThan(0);
    const stale = await send(adminApi.post(id), { ...fields({ body: 'Typed in another tab' }), version }, 'PUT');
    expect(stale).toMatchObject({ status: 409, body: { error: postMessages.conflict, conflict: { changed: ['title', 'body'] } } });
    version = edited.body.post.version;
    const html = await (await page(siteA, '/blog/winter-seo-for-hatfield-shops')).text();
    expect(html).toContain('Winter SEO for Hatfield shops and cafés');
    expect(html).toMatch(/"dateModified":"[^"]+"/);
    const earlier = edited.body.versions[0].version as number;
    const restored = await send(adminApi.postAction(id, 'restore'), { restore: earlier, version });
    expect(restored).toMatchObject({ status: 200, body: { post: { title: 'Winter SEO for Hatfield shops' } } });
    version = restored.body.post.version;
  });

  it('a phone visit counts in its views', async () => {
    const beacon = await fetch(`${siteA.base}${analyticsEndpoint}`, {
      method: 'POST',
      body: JSON.stringify({ k: 'v', id: randomUUID(), p: '/blog/winter-seo-for-hatfield-shops', w: 'mobile' }),
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': phoneAgent, 'X-Forwarded-For': '203.0.113.77', Origin: siteA.base },
    });
    expect(beacon.status).toBe(204);
    const views = await until(async () => {
      const list = (await owner.request(adminApi.posts).then((r) => r.json())) as { posts: { path: string; views30: number }[] };
      const row = list.posts.find((p) => p.path === '/blog/winter-seo-for-hatfield-shops');
      return row && row.views30 > 0 ? row.views30 : undefined;
    });
    expect(views).toBe(1);
  });

  it('the Overview names the post in its lists by its title (the analytics view too), as it names the built pages', async () => {
    const postPath = '/blog/winter-seo-for-hatfield-shops';
    type Lists = { view: { lists: Record<string, { value: string; title?: string }[]> } };
    const overview = (await owner.request(adminApi.dashboardTab('overview')).then((r) => r.json())) as { data: { analytics: Lists } };
    const pages = overview.data.analytics.view.lists.page!;
    expect(pages.find((row) => row.value === postPath)?.title).toBe('Winter SEO for Hatfield shops');
    const view = (await owner.request(adminApi.analyticsView('period=30d')).then((r) => r.json())) as Lists;
    expect(view.view.lists.entry!.find((row) => row.value === postPath)?.title).toBe('Winter SEO for Hatfield shops');
  });

  it('unpublished: 410 Gone on both servers, out of /blog, the sitemap and the feed, submitted again; it cannot be deleted', async () => {
    const before = endpoint.submitted().length;
    expect(await send(adminApi.postAction(id, 'unpublish'), { version })).toMatchObject({ status: 200, body: { post: { status: 'unpublished' } } });
    expect((await page(siteA, '/blog/winter-seo-for-hatfield-shops')).status).toBe(410);
    await until(async () => ((await page(siteB, '/blog/winter-seo-for-hatfield-shops')).status === 410 ? true : undefined), 5000);
    expect(await (await page(siteB, '/blog')).text()).not.toContain('winter-seo-for-hatfield-shops');
    expect(await (await page(siteB, paths.sitemap)).text()).not.toContain('winter-seo-for-hatfield-shops');
    expect(await (await page(siteB, paths.feed)).text()).not.toContain('winter-seo-for-hatfield-shops');
    await until(async () => (endpoint.submitted().length > before ? true : undefined));
    expect(endpoint.submitted().slice(before)).toContain(`${siteOrigin}/blog/winter-seo-for-hatfield-shops`);
    expect(await send(adminApi.post(id), {}, 'DELETE')).toMatchObject({ status: 409, body: { error: postMessages.deleteOnlyDraft } });
  });

  it('a scheduled post goes live when its time comes, published by the scheduler', async () => {
    const created = await send(adminApi.posts, fields({ title: 'Spring checklist', slug: 'spring-checklist' }));
    const sid = created.body.post.id as string;
    const at = utcToLondonLocal(Date.now() + 2 * 3600_000);
    const scheduled = await send(adminApi.postAction(sid, 'publish'), { version: created.body.post.version, at });
    expect(scheduled).toMatchObject({ status: 200, body: { post: { status: 'scheduled', publishAt: londonLocalToUtc(at) } } });
    expect((await page(siteA, '/blog/spring-checklist')).status).toBe(404);
    // Its time comes (moved to a moment ago, rather than waiting two hours).
    await db
      .updateTable('posts')
      .set({ publish_at: Date.now() - 1000 })
      .where('id', '=', sid)
      .execute();
    await until(async () => ((await page(siteB, '/blog/spring-checklist')).status === 200 ? true : undefined), 15_000);
    const row = await db.selectFrom('posts').select(['status', 'published_at']).where('id', '=', sid).executeTakeFirstOrThrow();
    expect(row.status).toBe('published');
  });

  it('a draft can be deleted', async () => {
    const created = await send(adminApi.posts, fields({ title: 'Throwaway', slug: 'throwaway' }));
    expect(await send(adminApi.post(created.body.post.id), {}, 'DELETE')).toMatchObject({ status: 200 });
    expect((await owner.request(adminApi.post(created.body.post.id))).status).toBe(404);
  });

  it('covers: a real image becomes AVIF and WebP sizes served from the database; a non-image or a 10 MB+ file is refused', async () => {
    const upload = (body: Uint8Array, type: string) =>
      owner.request(adminApi.postCover, { method: 'POST', body: new Blob([new Uint8Array(body)]), headers: { 'Content-Type': type } });
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const good = await upload(png, 'image/png');
    expect(good.status).toBe(201);
    const cover = (await good.json()) as { id: string };
    for (const file of [postPaths.cover(cover.id, 480, 'avif'), postPaths.cover(cover.id, 1200, 'webp')]) {
      const image = await page(siteB, file);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe(`image/${file.split('.').at(-1)}`);
    }
    // On a published post: a <picture> of AVIF and WebP sources below the header, with its alt text.
    const created = await send(adminApi.posts, fields({ title: 'With a cover', slug: 'with-a-cover', coverId: cover.id, coverAlt: '' }));
    expect(await send(adminApi.postAction(created.body.post.id, 'publish'), { version: created.body.post.version })).toMatchObject({
      status: 400,
      body: { errors: { coverAlt: postMessages.altNeeded } },
    });
    const withAlt = await send(
      adminApi.post(created.body.post.id),
      { ...fields({ title: 'With a cover', slug: 'with-a-cover', coverId: cover.id, coverAlt: 'A blue banner' }), version: created.body.post.version },
      'PUT',
    );
    expect((await send(adminApi.postAction(created.body.post.id, 'publish'), { version: withAlt.body.post.version })).status).toBe(200);
    const answer = await page(siteB, '/blog/with-a-cover');
    const html = await answer.text();
    // The cover is asked for with the page: its AVIF sizes, as the picture's first source offers them.
    const avifSet = [480, 800, 1200].map((width) => `${postPaths.cover(cover.id, width, 'avif')} ${width}w`).join(', ');
    expect(answer.headers.get('link')).toBe(
      `<${postPaths.cover(cover.id, 480, 'avif')}>; rel=preload; as=image; type="image/avif"; imagesrcset="${avifSet}"; imagesizes="(min-width: 768px) 48rem, 100vw"; fetchpriority=high`,
    );
    expect(html).toContain(
      `<source type="image/avif" srcSet="${postPaths.cover(cover.id, 480, 'avif')} 480w, ${postPaths.cover(cover.id, 800, 'avif')} 800w, ${postPaths.cover(cover.id, 1200, 'avif')} 1200w"`,
    );
    expect(html).toMatch(new RegExp(`<img src="${postPaths.cover(cover.id, 800, 'webp')}" alt="A blue banner" width="1200" height="675"`));
    // In the first screen on a laptop, so the largest paint: fetched at once and first, never lazily.
    const img = /<img src="\/media\/posts\/[^"]*"[^>]*>/.exec(html)![0];
    // (React writes it fetchPriority; HTML attribute names are case-insensitive.)
    expect(img).toMatch(/ fetchpriority="high"/i);
    expect(img).not.toMatch(/loading=/);

    const notImage = await upload(new TextEncoder().encode('not an image at all'), 'image/png');
    expect(notImage.status).toBe(400);
    expect(((await notImage.json()) as { error: string }).error).toBe(postMessages.coverNotImage);
    expect((await upload(new TextEncoder().encode('%PDF'), 'application/pdf')).status).toBe(415);
    const big = await upload(new Uint8Array(10 * 1024 * 1024 + 1), 'image/jpeg');
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toBe(postMessages.coverTooLarge);
  });

  it('logged no error', () => {
    expect(logErrors(siteA.output + siteB.output)).toEqual([]);
  });
});
