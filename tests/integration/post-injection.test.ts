/**
 * A hostile admin post (a stolen session, or a careless paste) through the built server: its text never allows itself
 * a script in the page's Content-Security-Policy, and nothing of it fetches from another site, on the page or in the
 * feed; every inline script the site itself emits on the post and the admin's pages is still allowed. On SQLite and
 * (with TEST_DATABASE_URL) PostgreSQL. The rules themselves: tests/unit/csp.test.ts and tests/unit/posts.test.ts.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/config/paths';
import { postPaths } from '../../src/config/posts';
import { inlineScripts, scriptHash } from '../../src/build/inline-scripts.mjs';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { freePort, logErrors, SiteProcess } from '../support/server';
import { adminApi } from '../../src/config/admin';

const browserAgent = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' };
const password = 'a sensible long passphrase';
const injected = 'alert(9)';
const scriptSrc = (response: Response) =>
  (response.headers.get('content-security-policy') ?? '')
    .split(';')
    .find((d) => d.trim().startsWith('script-src'))!
    .trim()
    .split(/\s+/)
    .slice(1);

describe.each(databaseNames())('a hostile post on %s', (name) => {
  let target: DatabaseTarget;
  let site: SiteProcess;
  let owner: CookieClient;

  const send = (path: string, body: unknown, method = 'POST') =>
    owner
      .request(path, { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Accept: 'application/json' } })
      .then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, any> }));

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    site = new SiteProcess(await freePort(), { DATABASE_URL: target.url, SMTP_URL: '', INDEXNOW_KEY: '' });
    await site.start();
    expect(runAdminScript('create', 'owner@example.com', password, target.url).stderr).toBe('');
    owner = new CookieClient(site.base, browserAgent);
    expect((await owner.json('/api/auth/sign-in', { email: 'owner@example.com', password })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
    await target?.dispose();
  });

  it('allows no script of its text, fetches nothing from elsewhere (page and feed), and the site’s own scripts still run', async () => {
    const created = await send(adminApi.posts, {
      title: `</script><script>${injected}</script>`,
      slug: 'hostile-post',
      description: `A post whose text tries to become a script: </script><script>${injected}</script>, and to show a picture from elsewhere.`,
      keywords: 'test',
      body: [
        `Text <!-- <script>${injected}</script> --> and <script>${injected}</script>.`,
        '',
        '<picture><source srcset="https://evil.example/p.png 1x, /og/default.png 2x"><img src="/og/default.png" alt="A picture"></picture>',
        '',
        '<blockquote cite="https://evil.example/q">Quoted.</blockquote>',
      ].join('\n'),
      coverId: '',
      coverAlt: '',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, version } = created.body.post;
    expect((await send(adminApi.postAction(id, 'publish'), { version })).status).toBe(200);

    const response = await fetch(`${site.base}/blog/hostile-post`, { headers: browserAgent });
    expect(response.status).toBe(200);
    const html = await response.text();
    const allowed = scriptSrc(response);
    expect(allowed).not.toContain(scriptHash(injected));
    expect(html).not.toContain('evil.example');
    // The page's own inline scripts (the head script, the deferred entry) are each allowed.
    const own = inlineScripts(html);
    expect(own.length).toBeGreaterThan(0);
    for (const script of own) expect(allowed, script.slice(0, 60)).toContain(scriptHash(script));

    const feed = await (await fetch(`${site.base}${paths.feed}`, { headers: browserAgent })).text();
    expect(feed).toContain('/blog/hostile-post');
    expect(feed).not.toContain('evil.example');
    expect(feed).not.toContain(`<script>${injected}`);

    // The admin's pages rendered on demand (Astro's island scripts) keep theirs too, and allow nothing of the post.
    for (const path of [postPaths.list, postPaths.editor(id), postPaths.preview(id), '/admin']) {
      const admin = await owner.request(path);
      expect(admin.status, path).toBe(200);
      const adminAllowed = scriptSrc(admin);
      const scripts = inlineScripts(await admin.text());
      for (const script of scripts) expect(adminAllowed, `${path}: ${script.slice(0, 60)}`).toContain(scriptHash(script));
      expect(adminAllowed).not.toContain(scriptHash(injected));
    }
  });

  it('logged no error', () => {
    expect(logErrors(site.output)).toEqual([]);
  });
});
