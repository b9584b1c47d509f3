/**
 * Faults against the real server process and a real SMTP sink: a crash in the middle of a burst, the database going
 * away while the site runs, and two server processes sharing one PostgreSQL database.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../src/config/paths';
import { postPaths } from '../../src/config/posts';
import { reportPaths } from '../../src/config/report';
import { storageFailureText } from '../../src/server/features/contact/endpoint';
import { type Db, openDatabase } from '../../src/server/db';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { freePort, logErrors, SiteProcess } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';
import { outboxSettled } from '../support/outbox';
import { until } from '../support/until';
import { TcpProxy } from '../support/tcp-proxy';

// A short lease: mail claimed by a process that died is taken over after 2 s instead of the default 2 minutes.
const fastOutbox = { OUTBOX_POLL_MS: '100', OUTBOX_BASE_DELAY_MS: '200', OUTBOX_MAX_DELAY_MS: '800', OUTBOX_LEASE_MS: '2000', CONTACT_TO: 'owner@example.com' };
const message = (tag: string) => ({ name: 'Jane Smith', email: 'jane@example.com', subject: `Fault ${tag}`, message: `Please help with SEO (${tag}).` });
let addressCounter = 0;
const nextAddress = () => {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

function post(site: SiteProcess, body: object, address = nextAddress()) {
  return site.post('/api/contact', JSON.stringify(body), { 'Content-Type': 'application/json', 'X-Forwarded-For': address });
}

/** How many e-mails name each message id (the body carries "Reference: <id>"). */
function mailCounts(sink: SmtpSink): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of sink.received) {
    const id = /Reference: ([0-9a-f-]{36})/.exec(mail.text)?.[1];
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function setUp(name: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
  const target: DatabaseTarget = await createTarget(name);
  cleanups.push(() => target.dispose());
  const sink = new SmtpSink(await freePort());
  await sink.start();
  cleanups.push(() => sink.stop());
  const siteEnv = { DATABASE_URL: target.url, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, TRUST_PROXY: 'true', ...fastOutbox, ...env };
  const newSite = async (overrides: Record<string, string> = {}) => {
    const site = new SiteProcess(await freePort(), { ...siteEnv, ...overrides });
    cleanups.push(() => site.stop());
    return site;
  };
  const { db } = await openDatabase(name === 'sqlite' ? target.url : process.env.TEST_DATABASE_URL, target.options);
  cleanups.push(() => db.destroy());
  return { target, sink, newSite, db };
}

const storedIds = async (db: Db) => new Set((await db.selectFrom('contact_messages').select('id').execute()).map((r) => r.id));

describe.each(databaseNames())('faults on %s', (name) => {
  it('kill -9 in the middle of a burst of 200: every acknowledged message is stored and e-mailed after a restart', async () => {
    const { sink, newSite, db } = await setUp(name);
    const site = await newSite();
    await site.start();

    const acknowledged: string[] = [];
    let refused = 0;
    let crashed = false;
    let answered = 0;
    let answeredAtCrash = 0;
    const queue = Array.from({ length: 200 }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          try {
            const response = await post(site, message(`crash-${name}-${i}`));
            if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
            else refused++;
          } catch {
            refused++;
          }
          if (++answered === 80 && !crashed) {
            crashed = true;
            answeredAtCrash = answered;
            await site.crash();
          }
        }
      }),
    );
    expect(crashed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    await site.start();
    const stored = await storedIds(db);
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost, 'acknowledged but not stored').toEqual([]);

    await outboxSettled(db, acknowledged);
    const counts = mailCounts(sink);
    const duplicates = acknowledged.filter((id) => (counts.get(id) ?? 0) > 1);
    console.log(
      `[faults ${name}] kill -9 after ${answeredAtCrash} answers: ${acknowledged.length} acknowledged, ${refused} cut off, 0 lost, ${duplicates.length} e-mailed twice`,
    );
    // A second copy is possible only for a message the SMTP server accepted just before the crash, before its
    // outbox row was marked sent: at most one delivery pass's worth.
    expect(duplicates.length).toBeLessThanOrEqual(20);
    expect(acknowledged.every((id) => (counts.get(id) ?? 0) >= 1)).toBe(true);
  }, 120_000);
});

describe('graceful shutdown', () => {
  it('on SIGTERM, a submission whose body is still arriving is answered and stored before the process exits', async () => {
    const { newSite, db } = await setUp('sqlite');
    const site = await newSite();
    await site.start();
    const body = JSON.stringify(message('shutdown'));
    const socket = net.connect(site.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Forwarded-For: ${nextAddress()}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const stopped = site.stop();
    await new Promise((r) => setTimeout(r, 300));
    socket.write(body.slice(20));
    await Promise.all([stopped, closed]);
    expect(answer).toMatch(/^HTTP\/1\.1 201 Created/);
    const id = /"id":"([^"]+)"/.exec(answer)![1]!;
    expect(await db.selectFrom('contact_messages').select('id').where('id', '=', id).executeTakeFirst()).toEqual({ id });
  }, 30_000);
});

const postgresOnly = databaseNames().includes('postgres') ? describe : describe.skip;

postgresOnly('PostgreSQL faults', () => {
  it('keeps pages up and answers 503 quickly while the database is unreachable, then recovers without a restart', async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = new TcpProxy(await freePort(), { host: base.hostname, port: Number(base.port || 5432) });
    await proxy.open();
    cleanups.push(() => proxy.cut());
    const { target, newSite } = await setUp('postgres');
    const viaProxy = new URL(target.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const site = await newSite({ DATABASE_URL: viaProxy.toString(), DATABASE_TIMEOUT_MS: '3000' });
    await site.start();
    expect((await post(site, message('before'))).status).toBe(201);

    await proxy.cut();
    expect((await fetch(`${site.base}/about`)).status).toBe(200);
    expect((await fetch(`${site.base}/`)).status).toBe(200);
    const started = Date.now();
    const down = await post(site, message('while-down'));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(down.status).toBe(503);
    expect(((await down.json()) as { error: string }).error).toBe(storageFailureText);
    expect(logErrors(site.output.slice(0, site.output.indexOf('Site listening')))).toEqual([]);

    await proxy.open();
    const after = await until(async () => {
      const response = await post(site, message('after'));
      return response.status === 201 ? response : undefined;
    }, 20_000);
    expect(after.status).toBe(201);
  }, 60_000);

  it('while the database is unreachable the blog, a post the process knew, the sitemap and the feed stay up; changes show again without a restart', async () => {
    const base = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = new TcpProxy(await freePort(), { host: base.hostname, port: Number(base.port || 5432) });
    await proxy.open();
    cleanups.push(() => proxy.cut());
    const { target, newSite, db } = await setUp('postgres');
    const viaProxy = new URL(target.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const site = await newSite({ DATABASE_URL: viaProxy.toString(), DATABASE_TIMEOUT_MS: '3000' });
    await site.start();

    // Two admin posts, published (written straight to the database, as another instance would): the process shows
    // the first before the outage; the second it lists but never renders.
    const now = Date.now();
    const row = (slug: string, title: string) => ({
      id: randomUUID(),
      slug,
      title,
      description: `${title}: a post written in the admin, to be shown while the database is away.`,
      keywords: JSON.stringify(['local SEO']),
      body: `## ${title}\n\nWritten in the admin.`,
      cover_id: null,
      cover_alt: null,
      status: 'published',
      publish_at: null,
      published_at: now - 60_000,
      modified_at: null,
      created_at: now - 120_000,
      updated_at: now - 60_000,
      version: 2,
    });
    const known = row('kept-while-down', 'Kept while the database is down');
    const unseen = row('never-rendered', 'Never rendered before the outage');
    await db.insertInto('posts').values([known, unseen]).execute();
    const get = async (path: string) => {
      const started = Date.now();
      const response = await fetch(`${site.base}${path}`, { redirect: 'manual' });
      return { status: response.status, headers: response.headers, text: await response.text(), ms: Date.now() - started };
    };
    const builtPost = '/blog/local-seo-mistakes';
    expect((await get('/blog')).text).toContain(`href="/blog/${known.slug}"`);
    expect((await get(`/blog/${known.slug}`)).text).toContain(known.title);
    for (const path of [paths.sitemap, paths.feed]) expect((await get(path)).text).toContain(`/blog/${known.slug}<`);

    await proxy.cut();
    // Another instance still reaches the database and changes the post: this process cannot know until it is back.
    await db
      .updateTable('posts')
      .set({ title: 'Changed while this server was cut off', version: 3, modified_at: Date.now(), updated_at: Date.now() })
      .where('id', '=', known.id)
      .execute();

    const blog = await get('/blog');
    expect(blog.status).toBe(200);
    expect(blog.ms).toBeLessThan(2000);
    expect(blog.text).toContain(`href="${builtPost}"`);
    expect(blog.text).toContain(`href="/blog/${known.slug}"`);

    // The post this process rendered is served as it last saw it.
    const kept = await get(`/blog/${known.slug}`);
    expect(kept.status).toBe(200);
    expect(kept.ms).toBeLessThan(2000);
    expect(kept.text).toContain(`<h1 class="mt-2 text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl">${known.title}</h1>`);

    // What is drawn or read from the database on demand (a post's social card, a cover, a client's report PDF, the
    // IndexNow key file) answers through the route kit: 503 with Retry-After, not Astro's 500.
    for (const path of [
      postPaths.socialCard(known.slug),
      postPaths.cover(randomUUID(), 480, 'avif'),
      reportPaths.sharedPdf('a'.repeat(43)),
      '/0123456789abcdef0123456789abcdef.txt',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get('retry-after'), path).toBe('60');
    }

    // One it never rendered (it may exist, so not a 404): 503 with Retry-After, as a page of the site, kept out of search.
    const missing = await get(`/blog/${unseen.slug}`);
    expect(missing.status).toBe(503);
    expect(missing.ms).toBeLessThan(2000);
    expect(missing.headers.get('retry-after')).toBe('60');
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expect(missing.text).toContain('<meta name="robots" content="noindex, follow">');
    expect(missing.text).toMatch(/<h1[^>]*>This post cannot be shown just now<\/h1>/);
    expect(missing.text).toContain(`href="/blog"`);

    for (const path of [paths.sitemap, paths.feed]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.ms, path).toBeLessThan(2000);
      expect(answer.text, path).toContain(`${builtPost}<`);
      expect(answer.text, path).toContain(`/blog/${known.slug}<`);
    }

    // Back: the change made meanwhile shows, and the post never rendered is served, without a restart.
    await proxy.open();
    await until(async () => ((await get(`/blog/${known.slug}`)).text.includes('Changed while this server was cut off') ? true : undefined), 20_000);
    expect((await get(`/blog/${unseen.slug}`)).status).toBe(200);
    expect((await get(postPaths.socialCard(known.slug))).status).toBe(200);
    expect((await get('/blog')).text).toContain('Changed while this server was cut off');
    expect((await get(paths.feed)).text).toContain('Changed while this server was cut off');
  }, 60_000);

  it('two server processes on one database: the rate limit holds across both and each message is e-mailed once', async () => {
    const { sink, newSite, db } = await setUp('postgres');
    const one = await newSite();
    const two = await newSite();
    await Promise.all([one.start(), two.start()]);

    const client = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(i % 2 ? two : one, message(`shared-limit-${i}`), client)).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);

    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i % 2 ? two : one, message(`shared-${i}`))));
    const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id));
    expect(responses.every((r) => r.status === 201)).toBe(true);
    await outboxSettled(db, ids);
    const counts = mailCounts(sink);
    for (const id of ids) expect(counts.get(id), id).toBe(1);
  }, 60_000);
});
