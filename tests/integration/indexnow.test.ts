/**
 * IndexNow against a fake endpoint on loopback, on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL: what is
 * submitted run after run, how answers are handled, the lease between processes, and the server's part (key file,
 * start-up run, refusal of a bad key, the admin's endpoints, the owner's switch and INDEXNOW_KEY winning over it).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminApi, indexNowSwitchText } from '../../src/config/admin';
import { staticPages } from '../../src/config/pages';
import { paths } from '../../src/config/paths';
import { indexNowKeyPattern, loadSettings } from '../../src/config/settings.mjs';
import type { Db } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { createPost, publishPost } from '../../src/server/features/posts/store';
import { indexNowOffReason, siteUrlToSubmit } from '../../src/server/features/indexnow/eligibility.mjs';
import { currentIndexNowKey, switchIndexNow } from '../../src/server/features/indexnow/key.mjs';
import { builtPages, pageContentHash } from '../../src/server/features/indexnow/pages.mjs';
import { builtSitemapFile, sitemapPaths } from '../../src/server/platform/site-pages.mjs';
import { type IndexNowSettings, indexNowBatchLimit, runIndexNow } from '../../src/server/features/indexnow/run.mjs';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { createTarget, databaseNames, type DatabaseTarget, openTarget } from '../support/databases';
import { FakeIndexNow } from '../support/fake-indexnow.mjs';
import { freePort, SiteProcess } from '../support/server';
import { until } from '../support/until';

const siteUrl = loadSettings({}).siteUrl;
const key = 'test-key-0123456789';
const builtSitemap = readFileSync(`dist/client/${builtSitemapFile}`, 'utf8');
const sitemapUrls = [...builtSitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
/** A page of the build and its address, for the change tests. */
const aboutUrl = `${siteUrl}/about`;

/** A copy of the build's sitemap and pages, safe to change. */
function copyOfBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-indexnow-'));
  cpSync(`dist/client/${builtSitemapFile}`, path.join(dir, builtSitemapFile));
  for (const url of sitemapUrls) {
    const page = new URL(url).pathname === '/' ? 'index.html' : `${new URL(url).pathname}/index.html`;
    // The blog's index is rendered on demand: it has no file.
    if (!existsSync(path.join('dist/client', page))) continue;
    mkdirSync(path.dirname(path.join(dir, page)), { recursive: true });
    cpSync(path.join('dist/client', page), path.join(dir, page));
  }
  return dir;
}

const editPage = (dir: string, page: string, edit: (html: string) => string) => {
  const file = path.join(dir, page, 'index.html');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
};

describe('content hash', () => {
  const page = '<html><body><header>Menu</header><main><h1>Title</h1><p>Text</p></main><footer>© 2026</footer></body></html>';
  it('counts only the main content', () => {
    expect(pageContentHash(page.replace('© 2026', '© 2027'))).toBe(pageContentHash(page));
    expect(pageContentHash(page.replace('<p>Text</p>', '<p>New text</p>'))).not.toBe(pageContentHash(page));
  });
  it('ignores what a rebuild renames: hashed asset names, scoped-style ids, island ids, scripts', () => {
    const a =
      '<main><img src="/_astro/photo.Ab12Cd34_x1.webp" data-astro-cid-abc123><astro-island uid="Z1a" component-url="/_astro/Form.aa11bb22.js"></astro-island><script>1</script></main>';
    const b =
      '<main><img src="/_astro/photo.Zz98Yy76_q9.webp" data-astro-cid-zzz999><astro-island uid="Q7b" component-url="/_astro/Form.cc33dd44.js"></astro-island><script>2</script></main>';
    expect(pageContentHash(a)).toBe(pageContentHash(b));
    expect(pageContentHash(a.replace('photo', 'other'))).not.toBe(pageContentHash(a));
  });
  it('reads every sitemap URL of the build', async () => {
    const pages = await builtPages('dist/client', siteUrl);
    expect([...pages.keys()]).toEqual(sitemapUrls.map((url) => siteUrl + new URL(url).pathname));
  });
});

describe('only the public site submits', () => {
  it.each([
    'http://www.hale-digital.example',
    'https://localhost',
    'https://127.0.0.1:8443',
    'https://10.0.0.8',
    'https://192.168.1.20',
    'https://[::1]',
    'https://shop.local',
  ])('%s is off', (origin) => {
    expect(indexNowOffReason(origin, key)).toMatch(/only the public site submits/);
  });
  it('a public https origin with a key is on; no key is off', () => {
    expect(indexNowOffReason('https://www.hale-digital.example', key)).toBeNull();
    expect(indexNowOffReason('https://www.hale-digital.example', undefined)).toMatch(/INDEXNOW_KEY is not set/);
  });
  it('a URL to submit by hand must be a page of the site', async () => {
    const pagePaths = await sitemapPaths('dist/client');
    expect(siteUrlToSubmit(`${siteUrl}/about`, siteUrl, pagePaths)).toEqual({ url: `${siteUrl}/about` });
    expect(siteUrlToSubmit('/services', siteUrl, pagePaths)).toEqual({ url: `${siteUrl}/services` });
    expect(siteUrlToSubmit('/services/?x=1#top', siteUrl, pagePaths)).toEqual({ url: `${siteUrl}/services` });
    expect(siteUrlToSubmit('/', siteUrl, pagePaths)).toEqual({ url: `${siteUrl}/` });
    expect(siteUrlToSubmit('https://elsewhere.example/about', siteUrl, pagePaths)).toEqual({
      error: `Only pages of ${new URL(siteUrl).host} can be submitted.`,
    });
    expect(siteUrlToSubmit('http://[bad', siteUrl, pagePaths)).toHaveProperty('error');
    // Only pages the site publishes: not the admin, not an address that answers 404.
    for (const notAPage of ['/admin', '/Admin/leads', '/api/contact', '/no-such-page', '/404']) {
      expect(siteUrlToSubmit(notAPage, siteUrl, pagePaths), notAPage).toHaveProperty('error');
    }
  });
  it('an invalid key is refused by the settings', () => {
    for (const bad of ['short', 'has space in it', 'under_score_key', 'x'.repeat(129)]) {
      expect(() => loadSettings({ INDEXNOW_KEY: bad })).toThrow(/INDEXNOW_KEY/);
    }
    expect(loadSettings({ INDEXNOW_KEY: key }).indexNow.key).toBe(key);
  });
});

describe.each(databaseNames())('IndexNow runs on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let endpoint: FakeIndexNow;
  let dir: string;
  const opened: Db[] = [];
  const settings = (overrides: Partial<IndexNowSettings> = {}): IndexNowSettings => ({
    key,
    endpoint: endpoint.url,
    maxAttempts: 4,
    retryBaseMs: 20,
    ...overrides,
  });
  const run = (overrides: Partial<IndexNowSettings> = {}, on: Db = db) =>
    runIndexNow({ db: on, clientDir: dir, siteUrl, indexNow: settings(overrides) }, { trigger: 'command' });

  beforeAll(async () => {
    endpoint = new FakeIndexNow();
    await endpoint.start();
  });
  afterAll(async () => {
    await endpoint.stop();
  });
  beforeEach(async () => {
    target = await createTarget(name);
    const opened0 = await openTarget(target);
    db = opened0.db;
    opened.push(db);
    await migrateToLatest(db, opened0.kind);
    dir = copyOfBuild();
    endpoint.reset();
  });
  afterEach(async () => {
    for (const each of opened.splice(0)) await each.destroy();
    await target.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the first run submits every sitemap URL, in the format IndexNow asks for', async () => {
    const summary = await run();
    expect(summary).toMatchObject({ outcome: 'accepted', changed: sitemapUrls.length, removed: 0, sent: sitemapUrls.length });
    expect(endpoint.requests).toHaveLength(1);
    const [request] = endpoint.requests;
    expect(request!.method).toBe('POST');
    expect(request!.contentType).toBe('application/json; charset=utf-8');
    expect(request!.body).toEqual({
      host: new URL(siteUrl).host,
      key,
      keyLocation: `${siteUrl}/${key}.txt`,
      urlList: sitemapUrls.map((url) => siteUrl + new URL(url).pathname),
    });
  });

  it('a second run with nothing changed submits nothing, and says so', async () => {
    await run();
    endpoint.reset();
    expect(await run()).toMatchObject({ outcome: 'nothing', changed: 0, removed: 0, sent: 0, message: 'Nothing changed since the last submission.' });
    expect(endpoint.requests).toHaveLength(0);
    const runs = await db.selectFrom('indexnow_runs').select(['outcome', 'sent']).orderBy('started_at').execute();
    expect(runs).toEqual([
      { outcome: 'accepted', sent: sitemapUrls.length },
      { outcome: 'nothing', sent: 0 },
    ]);
  });

  it('changing one built page submits exactly that URL; a change outside its main content submits none', async () => {
    await run();
    editPage(dir, 'about', (html) => html.replace(/<h1([^>]*)>/, '<h1$1>Updated: '));
    editPage(dir, 'services', (html) => html.replace('</footer>', '<p>Built at 03:14</p></footer>'));
    endpoint.reset();
    expect(await run()).toMatchObject({ outcome: 'accepted', changed: 1, sent: 1 });
    expect(endpoint.submitted()).toEqual([aboutUrl]);
    endpoint.reset();
    await run();
    expect(endpoint.requests).toHaveLength(0);
  });

  it('a page that leaves the sitemap is submitted once, and again only if it comes back', async () => {
    await run();
    const original = readFileSync(path.join(dir, builtSitemapFile), 'utf8');
    const aboutLoc = sitemapUrls.find((url) => new URL(url).pathname === '/about')!;
    writeFileSync(path.join(dir, builtSitemapFile), original.replace(new RegExp(`<url><loc>${aboutLoc}</loc>.*?</url>`), ''));
    endpoint.reset();
    expect(await run()).toMatchObject({ outcome: 'accepted', changed: 0, removed: 1, sent: 1 });
    expect(endpoint.submitted()).toEqual([aboutUrl]);
    endpoint.reset();
    expect(await run()).toMatchObject({ outcome: 'nothing' });
    writeFileSync(path.join(dir, builtSitemapFile), original);
    expect(await run()).toMatchObject({ outcome: 'accepted', changed: 1 });
    expect(endpoint.submitted()).toEqual([aboutUrl]);
  });

  it('403 is not retried, is recorded with the reason, and the pages stay due', async () => {
    endpoint.answers = [403];
    const summary = await run();
    expect(summary.outcome).toBe('rejected');
    expect(summary.message).toContain(`${siteUrl}/${key}.txt`);
    expect(endpoint.requests).toHaveLength(1);
    const row = await db.selectFrom('indexnow_submissions').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 403, outcome: 'rejected', attempts: 1, url_count: sitemapUrls.length });
    expect(await db.selectFrom('indexnow_pages').selectAll().execute()).toEqual([]);
    endpoint.reset();
    expect(await run()).toMatchObject({ outcome: 'accepted', sent: sitemapUrls.length });
  });

  it.each([400, 422])('%i is not retried either', async (status) => {
    endpoint.answers = [status];
    expect(await run()).toMatchObject({ outcome: 'rejected' });
    expect(endpoint.requests).toHaveLength(1);
  });

  it('429 and 5xx are retried with backoff, then succeed', async () => {
    endpoint.answers = [429, 503, 500];
    const summary = await run();
    expect(summary).toMatchObject({ outcome: 'accepted', sent: sitemapUrls.length });
    expect(summary.submissions[0]).toMatchObject({ status: 200, attempts: 4 });
    expect(endpoint.requests).toHaveLength(4);
  });

  it('gives up after the last try and records the failure; an unreachable endpoint fails the same way', async () => {
    endpoint.answers = [500, 500];
    expect(await run({ maxAttempts: 2 })).toMatchObject({ outcome: 'failed', sent: 0 });
    expect(endpoint.requests).toHaveLength(2);
    const unreachable = await run({ maxAttempts: 2, endpoint: `http://127.0.0.1:${await freePort()}/indexnow` });
    expect(unreachable.outcome).toBe('failed');
    expect(unreachable.message).toMatch(/could not be reached.*Gave up after 2 tries/);
  });

  it('a loopback or http SITE_URL submits nothing', async () => {
    for (const origin of ['http://127.0.0.1:8080', 'https://localhost']) {
      const summary = await runIndexNow({ db, clientDir: dir, siteUrl: origin, indexNow: settings() }, { trigger: 'start' });
      expect(summary.outcome).toBe('off');
    }
    expect(endpoint.requests).toHaveLength(0);
  });

  it('two processes at once: one runs, the other finds the lease taken, and nothing is submitted twice', async () => {
    const second = await openTarget(target);
    opened.push(second.db);
    endpoint.delayMs = 300;
    const [a, b] = await Promise.all([run({}, db), run({}, second.db)]);
    expect([a.outcome, b.outcome].sort()).toEqual(['accepted', 'busy']);
    expect(endpoint.requests).toHaveLength(1);
    endpoint.reset();
    expect((await run({}, second.db)).outcome).toBe('nothing');
    expect(endpoint.requests).toHaveLength(0);
  });

  it(`sends at most ${indexNowBatchLimit} URLs per request`, async () => {
    const extra = indexNowBatchLimit + 1 - sitemapUrls.length;
    const entries = Array.from({ length: extra }, (_, i) => `<url><loc>${siteUrl}/p/${i}</loc></url>`).join('');
    mkdirSync(path.join(dir, 'p'));
    for (let i = 0; i < extra; i++) writeFileSync(path.join(dir, 'p', `${i}.html`), `<main>${i}</main>`);
    writeFileSync(path.join(dir, builtSitemapFile), builtSitemap.replace('</urlset>', `${entries}</urlset>`));
    expect(await run()).toMatchObject({ outcome: 'accepted', sent: indexNowBatchLimit + 1 });
    expect(endpoint.requests.map((r) => r.body.urlList.length)).toEqual([indexNowBatchLimit, 1]);
  });

  it('without INDEXNOW_KEY: off until switched on in the admin, then sent with the key the database keeps; off again, nothing', async () => {
    const stored = await db.selectFrom('settings').select('value').where('key', '=', 'indexnow_key').executeTakeFirstOrThrow();
    expect(stored.value).toMatch(indexNowKeyPattern);
    expect(await currentIndexNowKey(db, undefined)).toEqual({ key: undefined, source: null });
    expect(await run({ key: undefined })).toMatchObject({ outcome: 'off' });
    expect(endpoint.requests).toHaveLength(0);

    await switchIndexNow(db, true);
    expect(await currentIndexNowKey(db, undefined)).toEqual({ key: stored.value, source: 'admin' });
    expect(await run({ key: undefined })).toMatchObject({ outcome: 'accepted', sent: sitemapUrls.length });
    expect(endpoint.requests[0]!.body).toMatchObject({ key: stored.value, keyLocation: `${siteUrl}/${stored.value}.txt` });
    // INDEXNOW_KEY, where set, wins over the switch.
    expect(await currentIndexNowKey(db, key)).toEqual({ key, source: 'server' });

    await switchIndexNow(db, false);
    editPage(dir, 'about', (html) => html.replace(/<h1([^>]*)>/, '<h1$1>Updated: '));
    endpoint.reset();
    expect(await run({ key: undefined })).toMatchObject({ outcome: 'off' });
    expect(endpoint.requests).toHaveLength(0);
  });

  it('one URL submitted by hand is sent whether or not it changed', async () => {
    await run();
    endpoint.reset();
    const summary = await runIndexNow({ db, clientDir: dir, siteUrl, indexNow: settings() }, { trigger: 'admin-url', urls: [aboutUrl] });
    expect(summary).toMatchObject({ outcome: 'accepted', sent: 1 });
    expect(endpoint.submitted()).toEqual([aboutUrl]);
  });
});

describe.each(databaseNames())('IndexNow in the server on %s', (name) => {
  let target: DatabaseTarget;
  let endpoint: FakeIndexNow;
  const sites: SiteProcess[] = [];
  const env = () => ({ DATABASE_URL: target.url, SMTP_URL: '', INDEXNOW_KEY: key, INDEXNOW_ENDPOINT: endpoint.url, INDEXNOW_RETRY_BASE_MS: '20' });

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    endpoint = new FakeIndexNow();
    await endpoint.start();
  });
  afterAll(async () => {
    for (const site of sites) await site.stop();
    await endpoint.stop();
    await target.dispose();
  });

  it('two servers starting together on one database submit the build once, and serve the key file', async () => {
    endpoint.delayMs = 200;
    const pair = [new SiteProcess(await freePort(), env()), new SiteProcess(await freePort(), env())];
    sites.push(...pair);
    await Promise.all(pair.map((site) => site.start()));
    await until(async () => {
      const { db } = await openTarget(target);
      const runs = await db.selectFrom('indexnow_runs').selectAll().execute();
      await db.destroy();
      return runs.length >= 1 && endpoint.requests.length === 1 ? true : undefined;
    }, 15_000);
    // Both processes' start-up runs are over: one submitted; the other either found the lease taken (it logs "busy")
    // or, started after the first had finished (a loaded machine), found nothing left to send (a run recorded as such).
    await until(async () => {
      const { db } = await openTarget(target);
      const nothing = await db.selectFrom('indexnow_runs').select('id').where('outcome', '=', 'nothing').execute();
      await db.destroy();
      const accepted = pair.filter((site) => site.output.includes('[indexnow] accepted')).length;
      const busy = pair.filter((site) => site.output.includes('[indexnow] busy')).length;
      return accepted === 1 && busy + nothing.length === 1 ? true : undefined;
    }, 15_000);
    expect(endpoint.requests).toHaveLength(1);
    expect(endpoint.submitted()).toHaveLength(sitemapUrls.length);

    const keyFile = await fetch(`${pair[0]!.base}/${key}.txt`);
    expect(keyFile.status).toBe(200);
    expect(keyFile.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await keyFile.text()).toBe(key);
    expect((await fetch(`${pair[0]!.base}/another-key-123.txt`)).status).toBe(404);
    expect((await fetch(`${pair[0]!.base}/${key}.txt`, { method: 'POST' })).status).toBe(405);
  });

  it('the admin starts runs, submits one URL of the site and refuses another host; signed out it is 401', async () => {
    const site = sites[0]!;
    expect((await fetch(`${site.base}${adminApi.indexNow}`)).status).toBe(401);
    expect((await fetch(`${site.base}${adminApi.indexNow}`, { method: 'POST', headers: { Origin: site.base } })).status).toBe(401);
    const owner = { email: 'owner@example.com', password: 'a sensible long passphrase' };
    expect(runAdminScript('create', owner.email, owner.password, target.url).stderr).toBe('');
    const client = new CookieClient(site.base, { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' });
    expect((await client.json('/api/auth/sign-in', owner)).status).toBe(200);

    endpoint.reset();
    const started = await client.json(adminApi.indexNow, {});
    expect(started.status).toBe(202);
    const finished = async () => {
      const response = await client.request(adminApi.indexNow);
      const { overview } = (await response.json()) as { overview: { running: boolean; lastRun: { startedAt: number; outcome: string } | null } };
      return !overview.running && overview.lastRun!.startedAt >= (started.body.requestedAt as number) ? overview : undefined;
    };
    expect((await until(finished, 10_000))!.lastRun!.outcome).toBe('nothing');
    expect(endpoint.requests).toHaveLength(0);

    expect(await client.json(adminApi.indexNowUrl, { url: 'https://elsewhere.example/about' })).toEqual({
      status: 400,
      body: { ok: false, errors: { url: `Only pages of ${new URL(siteUrl).host} can be submitted.` } },
    });
    expect((await client.json(adminApi.indexNowUrl, { url: 42 })).status).toBe(400);
    for (const notAPage of ['/admin', '/no-such-page']) {
      expect(await client.json(adminApi.indexNowUrl, { url: notAPage }), notAPage).toEqual({
        status: 400,
        body: { ok: false, errors: { url: `${notAPage} is not a page of this site (it is not in the sitemap).` } },
      });
    }
    const single = await client.json(adminApi.indexNowUrl, { url: '/about' });
    expect(single.status).toBe(202);
    await until(async () => (endpoint.requests.length === 1 && (await finished()) ? true : undefined), 10_000);
    expect(endpoint.submitted()).toEqual([aboutUrl]);
  });

  it('an invalid key stops start-up with a message naming it', () => {
    const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
      env: { ...process.env, ...env(), INDEXNOW_KEY: 'not a valid key!', PORT: '1' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('INDEXNOW_KEY="not a valid key!": must be 8 to 128 characters');
  });
});

describe.each(databaseNames())('the first start after a deploy on %s', (name) => {
  let target: DatabaseTarget;
  let endpoint: FakeIndexNow;
  let site: SiteProcess;

  beforeAll(async () => {
    target = await createTarget(name);
    endpoint = new FakeIndexNow();
    await endpoint.start();
  });
  afterAll(async () => {
    await site?.stop();
    await endpoint.stop();
    await target.dispose();
  });

  it('submits every URL of /sitemap.xml: the build’s pages, the blog’s index (rendered on demand) and the admin’s live posts', async () => {
    const { db, kind } = await openTarget(target);
    try {
      await migrateToLatest(db, kind);
      const fields = {
        title: 'Live before the deploy',
        slug: 'live-before-the-deploy',
        description: 'A post.',
        keywords: [],
        body: 'Words.',
        coverId: null,
        coverAlt: '',
      };
      const created = await createPost(db, fields, new Set());
      if (!created.ok) throw new Error(created.reason);
      await publishPost(db, created.post.id, null);
    } finally {
      await db.destroy();
    }
    site = new SiteProcess(await freePort(), { DATABASE_URL: target.url, SMTP_URL: '', INDEXNOW_KEY: key, INDEXNOW_ENDPOINT: endpoint.url });
    await site.start();
    await until(async () => (/\[indexnow\] accepted/.test(site.output) ? true : undefined), 20_000);
    const sitemap = await (await fetch(`${site.base}${paths.sitemap}`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(listed).toContain(siteUrl + staticPages.blog.path);
    expect(listed).toContain(siteUrl + paths.post('live-before-the-deploy'));
    expect([...endpoint.submitted()].sort()).toEqual([...listed].sort());
  });
});

describe.each(databaseNames())('IndexNow switched on and off in the admin on %s', (name) => {
  let target: DatabaseTarget;
  let endpoint: FakeIndexNow;
  let site: SiteProcess;
  let owner: CookieClient;
  const sites: SiteProcess[] = [];
  const password = 'a sensible long passphrase';
  const browserAgent = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' };
  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: target.url,
    SMTP_URL: '',
    INDEXNOW_KEY: '',
    INDEXNOW_ENDPOINT: endpoint.url,
    INDEXNOW_RETRY_BASE_MS: '20',
    ...extra,
  });
  const signIn = async (on: SiteProcess) => {
    const client = new CookieClient(on.base, browserAgent);
    expect((await client.json('/api/auth/sign-in', { email: 'owner@example.com', password })).status).toBe(200);
    return client;
  };
  const overview = async (client: CookieClient) =>
    ((await (await client.request(adminApi.indexNow)).json()) as { overview: { switchedBy: string | null; keyLocation: string | null; running: boolean } })
      .overview;
  /** A post written and published through the admin's API; its public address. */
  const publish = async (client: CookieClient, slug: string) => {
    const created = await client.json(adminApi.posts, {
      title: `Notes on ${slug}`,
      slug,
      description: 'A short post for the IndexNow switch test, long enough to be a proper meta description of the page it sits on.',
      keywords: 'IndexNow',
      body: '## A heading\n\nA paragraph of text.',
      coverId: '',
      coverAlt: '',
    });
    expect(created.status).toBe(201);
    const post = created.body.post as { id: string; version: number };
    expect((await client.json(adminApi.postAction(post.id, 'publish'), { version: post.version })).status).toBe(200);
    return siteUrl + paths.post(slug);
  };

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    endpoint = new FakeIndexNow();
    await endpoint.start();
    site = new SiteProcess(await freePort(), env());
    sites.push(site);
    await site.start();
    expect(runAdminScript('create', 'owner@example.com', password, target.url).stderr).toBe('');
    owner = await signIn(site);
  }, 60_000);
  afterAll(async () => {
    for (const each of sites) await each.stop();
    await endpoint?.stop();
    await target?.dispose();
  });

  it('only the signed-in owner switches it, from this site; until then no key file is published', async () => {
    const { db } = await openTarget(target);
    const stored = (await db.selectFrom('settings').select('value').where('key', '=', 'indexnow_key').executeTakeFirstOrThrow()).value;
    await db.destroy();
    expect((await fetch(`${site.base}/${stored}.txt`)).status).toBe(404);
    expect((await site.post(adminApi.indexNowSwitch, JSON.stringify({ on: 'on' }), { 'Content-Type': 'application/json', Origin: site.base })).status).toBe(
      401,
    );
    expect((await owner.json(adminApi.indexNowSwitch, { on: 'on' }, { Origin: 'https://elsewhere.example' })).status).toBe(403);
    expect((await owner.json(adminApi.indexNowSwitch, { on: 'yes' })).status).toBe(400);
    expect(await overview(owner)).toMatchObject({ switchedBy: null, keyLocation: null });
    expect((await fetch(`${site.base}/${stored}.txt`)).status).toBe(404);
    expect(endpoint.requests).toHaveLength(0);
  });

  let keyPath = '';
  it('switched on: the key file answers with the key, the pages are submitted, and so is a post published', async () => {
    const switched = await owner.json(adminApi.indexNowSwitch, { on: 'on' });
    expect(switched.status).toBe(200);
    const answer = switched.body as { overview: { switchedBy: string; off: string | null; keyLocation: string }; requestedAt: number | null };
    expect(answer.overview).toMatchObject({ switchedBy: 'admin', off: null });
    expect(answer.requestedAt).not.toBeNull();
    keyPath = new URL(answer.overview.keyLocation).pathname;
    const key = keyPath.slice(1, -'.txt'.length);
    expect(key).toMatch(indexNowKeyPattern);

    const keyFile = await fetch(`${site.base}${keyPath}`);
    expect(keyFile.status).toBe(200);
    expect(keyFile.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await keyFile.text()).toBe(key);
    expect((await fetch(`${site.base}${keyPath}`, { method: 'HEAD' })).status).toBe(200);
    // Only the key in use: another name of the same form is not found.
    expect((await fetch(`${site.base}/${'0'.repeat(32)}.txt`)).status).toBe(404);

    // Switching on submitted the site's pages, as a start does, with the key.
    await until(async () => ((await overview(owner)).running === false && endpoint.requests.length >= 1 ? true : undefined), 15_000);
    expect(endpoint.requests[0]!.body).toMatchObject({ key, keyLocation: `${siteUrl}${keyPath}` });
    expect(endpoint.submitted()).toEqual(expect.arrayContaining(sitemapUrls.map((url) => siteUrl + new URL(url).pathname)));

    endpoint.reset();
    const postUrl = await publish(owner, 'switched-on-post');
    await until(async () => (endpoint.submitted().includes(postUrl) ? true : undefined), 15_000);
    expect(endpoint.requests.find((request) => request.body.urlList.includes(postUrl))!.body.key).toBe(key);
  });

  it('switched off: the key file answers 404 and a post published is not submitted', async () => {
    const switched = await owner.json(adminApi.indexNowSwitch, { on: 'off' });
    expect(switched).toMatchObject({ status: 200, body: { overview: { switchedBy: null, off: 'no-key', keyLocation: null }, requestedAt: null } });
    expect((await fetch(`${site.base}${keyPath}`)).status).toBe(404);
    endpoint.reset();
    const unsent = await publish(owner, 'switched-off-post');
    // Switched on again and another post published: its submission, queued after the first's, shows the first was
    // never sent on its own (not merely not yet). What changed while off goes with the run that switching on starts,
    // as after a start: the post published meanwhile among it.
    expect((await owner.json(adminApi.indexNowSwitch, { on: 'on' })).status).toBe(200);
    const sent = await publish(owner, 'switched-on-again-post');
    await until(async () => (endpoint.submitted().includes(sent) ? true : undefined), 15_000);
    await until(async () => ((await overview(owner)).running === false ? true : undefined), 15_000);
    const { submissions } = ((await (await owner.request(adminApi.indexNow)).json()) as { overview: { submissions: { trigger: string; urls: string[] }[] } })
      .overview;
    expect(submissions.filter((submission) => submission.urls.includes(unsent)).map((submission) => submission.trigger)).toEqual(['admin']);
    expect(endpoint.requests.filter((request) => request.body.urlList.includes(unsent))).toHaveLength(1);
  });

  it('INDEXNOW_KEY wins: its key is used and served, the switch is refused, the key kept in the database is not served', async () => {
    // The switch is on in the database (the test before); a server whose settings set a key.
    const serverKey = 'server-set-key-42';
    const second = new SiteProcess(await freePort(), env({ INDEXNOW_KEY: serverKey }));
    sites.push(second);
    await second.start();
    const client = await signIn(second);
    expect(await overview(client)).toMatchObject({ switchedBy: 'server', keyLocation: `${siteUrl}/${serverKey}.txt` });
    expect(await client.json(adminApi.indexNowSwitch, { on: 'off' })).toEqual({ status: 409, body: { ok: false, error: indexNowSwitchText.server } });
    expect(await (await fetch(`${second.base}/${serverKey}.txt`)).text()).toBe(serverKey);
    expect((await fetch(`${second.base}${keyPath}`)).status).toBe(404);
    endpoint.reset();
    const postUrl = await publish(client, 'server-key-post');
    await until(async () => (endpoint.submitted().includes(postUrl) ? true : undefined), 15_000);
    expect(endpoint.requests.find((request) => request.body.urlList.includes(postUrl))!.body.key).toBe(serverKey);
  });
});
