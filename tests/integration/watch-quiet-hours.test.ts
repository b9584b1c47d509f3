/**
 * Quiet hours set by the owner in the admin (issue 33), through the built server, on SQLite and PostgreSQL: none by
 * default; set through the admin's endpoint, an alert that is not urgent raised inside them is e-mailed when they end
 * and an urgent one at once; cleared, alerts go at once again. WATCH_QUIET_HOURS on the server wins: the admin shows
 * the server's hours and refuses to change or clear them.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../src/config/admin';
import { clockOfMinute } from '../../src/config/quiet-hours.mjs';
import { watchAlertText, watchQuietHours } from '../../src/config/watch';
import type { WatchAlertsAnswer, WatchSitesAnswer } from '../../src/lib/watch-types';
import { type Db, openDatabase } from '../../src/server/db';
import { hostPort } from '../../src/server/features/sitecheck/address-guard.mjs';
import { minuteOfDay } from '../../src/server/features/watch/quiet';
import { runDueChecks, type WatchDeps } from '../../src/server/features/watch/scheduler';
import { watchSiteForm } from '../../src/server/features/watch/schema';
import { addSite } from '../../src/server/features/watch/sites';
import { createSmtpSender } from '../../src/server/platform/mailer';
import { deliverDue } from '../../src/server/platform/outbox';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { freePort, SiteProcess } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';
import { until } from '../support/until';
import { healthy, TestCa, WatchFixture } from '../support/watch-fixture';

// The crawler and the availability check fetch the fixture over HTTPS with Node's agents.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const owner = { email: 'owner@example.com', password: 'a long and unusual passphrase 8271' };
const ownerMail = 'alerts@example.com';
const timing = { baseDelayMs: 10, maxDelayMs: 50, leaseMs: 10_000 };
const hourMs = 3_600_000;

describe.each(databaseNames())('quiet hours set in the admin, on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let smtp: SmtpSink;
  let send: ReturnType<typeof createSmtpSender>;
  const ca = new TestCa();
  const site = new WatchFixture(ca);
  const servers: SiteProcess[] = [];
  let deps: WatchDeps;

  const env = () => ({ DATABASE_URL: target.url, TRUST_PROXY: 'true', CONTACT_TO: ownerMail, WATCH_EVERY_MS: String(hourMs) });

  /** A server on the test's database, and the owner signed in to it. */
  async function signedIn(extra: Record<string, string> = {}) {
    const server = new SiteProcess(await freePort(), { ...env(), ...extra });
    servers.push(server);
    await server.start();
    const client = new CookieClient(server.base, { 'X-Forwarded-For': `203.0.113.${servers.length + 20}`, 'User-Agent': 'Mozilla/5.0 Chrome/140.0' });
    expect(await client.json('/api/auth/sign-in', owner)).toEqual({ status: 200, body: { ok: true } });
    return client;
  }

  const quietHoursOf = async (client: CookieClient) => ((await (await client.request(adminApi.watch.sites)).json()) as WatchSitesAnswer).quietHours;

  /** Delivers what the outbox holds as of `at`; returns the subjects that arrived. */
  async function deliver(at = Date.now()) {
    return (await deliverMails(at)).map((m) => m.headers.subject);
  }
  async function deliverMails(at = Date.now()) {
    const before = smtp.received.length;
    await deliverDue(db, send, timing, at + 1);
    const sent = await db.selectFrom('mail_outbox').select('id').where('status', '=', 'sent').execute();
    await until(async () => (smtp.received.length >= sent.length ? true : undefined), 5000);
    return smtp.received.slice(before);
  }

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    ({ db } = await openDatabase(target.url, target.options));
    await migrateToLatest(db, name);
    expect(runAdminScript('create', owner.email, owner.password, target.url).stderr).toBe('');
    await site.start();
    smtp = new SmtpSink(await freePort());
    await smtp.start();
    send = createSmtpSender(`smtp://127.0.0.1:${smtp.port}`, '"Watch test" <watch@hale-digital.example>');
    deps = {
      db,
      siteUrl: 'https://www.hale-digital.example',
      siteName: 'Hale Digital',
      reach: {
        userAgent: 'HaleWatchTest/1.0',
        addressPolicy: { allowPrivate: false, allowHosts: [hostPort(new URL(site.origin))] },
        timeoutMs: 2000,
        extraCa: ca.cert,
        crawlMaxPages: 20,
        crawlDeadlineMs: 60_000,
      },
      // No quiet hours of the server's: those the owner sets in the admin are read at each alert.
      delivery: { ownerEmail: ownerMail, alertsLink: 'https://www.hale-digital.example/admin?tab=alerts' },
    };
    await addSite(db, watchSiteForm.parse({ url: site.origin, name: 'Client shop' }), deps.reach.addressPolicy);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await site.stop();
    await smtp?.stop();
    await db?.destroy();
    await target?.dispose();
    ca.dispose();
  });

  it('set in the admin: a non-urgent alert waits for their end, an urgent one goes at once; cleared, alerts go at once', async () => {
    const client = await signedIn();
    expect(await quietHoursOf(client)).toEqual({ from: null, to: null, source: null });
    const wrong = await client.json(adminApi.watch.quietHours, { from: '24:00', to: '07:00' });
    expect(wrong).toMatchObject({ status: 400, body: { errors: { from: expect.any(String) } } });
    const same = await client.json(adminApi.watch.quietHours, { from: '22:00', to: '22:00' });
    expect(same).toMatchObject({ status: 400, body: { errors: { to: watchQuietHours.sameTimes } } });

    // A first run is the baseline: nothing wrong, nothing sent.
    site.set(healthy);
    await runDueChecks(deps, { force: true });
    expect(await deliver()).toEqual([]);

    // Quiet from this minute (UK time) for two hours.
    const minute = minuteOfDay(Date.now());
    const hours = { from: clockOfMinute(minute), to: clockOfMinute((minute + 120) % (24 * 60)) };
    const set = await client.json(adminApi.watch.quietHours, hours);
    expect(set).toEqual({ status: 200, body: { ok: true, quietHours: { ...hours, source: 'admin' } } });
    expect(await quietHoursOf(client)).toEqual({ ...hours, source: 'admin' });

    site.set({ titleRemoved: true });
    await runDueChecks(deps, { force: true });
    expect(await deliver()).toEqual([]);
    site.set({ down: true });
    await runDueChecks(deps, { force: true });
    expect(await deliver()).toEqual([expect.stringMatching(/^Urgent: Client shop: 127\.0\.0\.1:\d+ is down$/)]);
    // When they end (within two hours), the held alert goes, once.
    expect(await deliver(Date.now() + 2 * hourMs)).toEqual([expect.stringMatching(/^Client shop: 1 new problem on 127\.0\.0\.1:\d+ since the last crawl$/)]);
    expect(await deliver(Date.now() + 3 * hourMs)).toEqual([]);

    // Cleared: the recoveries (the crawl's is not urgent) go at once. (Node's fetch sends "Origin: null" on a DELETE,
    // which the admin refuses as another site's; a browser sends the page's own.)
    const cleared = await client.request(adminApi.watch.quietHours, { method: 'DELETE', headers: { Origin: servers.at(-1)!.base } });
    expect(cleared.status).toBe(200);
    expect(await quietHoursOf(client)).toEqual({ from: null, to: null, source: null });
    site.set(healthy);
    await runDueChecks(deps, { force: true });
    expect((await deliver()).sort()).toEqual([
      expect.stringMatching(/^Resolved: Client shop: 1 new problem/),
      expect.stringMatching(/^Resolved: Client shop: .* is down$/),
    ]);
  }, 120_000);

  it('WATCH_QUIET_HOURS on the server wins: the admin shows it and cannot change or clear it', async () => {
    const client = await signedIn({ WATCH_QUIET_HOURS: '22:00-07:00' });
    expect(await quietHoursOf(client)).toEqual({ from: '22:00', to: '07:00', source: 'server' });
    const refused = await client.json(adminApi.watch.quietHours, { from: '23:00', to: '06:00' });
    expect(refused).toEqual({ status: 409, body: { ok: false, error: watchQuietHours.server('22:00', '07:00') } });
    expect((await client.request(adminApi.watch.quietHours, { method: 'DELETE', headers: { Origin: servers.at(-1)!.base } })).status).toBe(409);
    expect(await db.selectFrom('settings').select('value').where('key', '=', watchQuietHours.settingKey).execute()).toEqual([]);
  }, 120_000);

  it('cleared, what they held goes at once, and Alerts shows it held till then; opened and closed while held, it is one message', async () => {
    const client = await signedIn();
    const base = servers.at(-1)!.base;
    // The crawl's messages only: on a loaded machine the availability check may see the fixture slow, which is another alert.
    const crawlOnly = async (at?: number) => (await deliver(at)).filter((subject) => /since the last crawl/.test(subject ?? ''));
    site.set(healthy);
    await runDueChecks(deps, { force: true });
    await deliver();
    const minute = minuteOfDay(Date.now());
    const hours = { from: clockOfMinute(minute), to: clockOfMinute((minute + 120) % (24 * 60)) };
    expect((await client.json(adminApi.watch.quietHours, hours)).status).toBe(200);

    site.set({ titleRemoved: true });
    const openedAt = Date.now();
    await runDueChecks(deps, { force: true });
    expect(await crawlOnly()).toEqual([]);
    // Alerts says the alert is held, and till when: the end of the hours set (two hours from this minute).
    const alerts = async () => ((await (await client.request(adminApi.watch.alerts)).json()) as WatchAlertsAnswer).alerts.filter((a) => a.open);
    const held = (await alerts()).find((alert) => alert.kind === 'crawl');
    expect(held!.heldUntil).toBe(openedAt - (openedAt % 60_000) + 120 * 60_000);

    // Cleared: the held alert goes now, not at their end.
    expect((await client.request(adminApi.watch.quietHours, { method: 'DELETE', headers: { Origin: base } })).status).toBe(200);
    expect(await crawlOnly()).toEqual([expect.stringMatching(/^Client shop: 1 new problem on 127\.0\.0\.1:\d+ since the last crawl$/)]);
    expect((await alerts()).find((alert) => alert.kind === 'crawl')!.heldUntil).toBeNull();
    site.set(healthy);
    await runDueChecks(deps, { force: true });
    expect(await crawlOnly()).toEqual([expect.stringMatching(/^Resolved: Client shop: 1 new problem/)]);

    // Set again: a problem that comes and goes inside them is one message at their end, not two.
    expect((await client.json(adminApi.watch.quietHours, hours)).status).toBe(200);
    site.set({ titleRemoved: true });
    await runDueChecks(deps, { force: true });
    site.set(healthy);
    await runDueChecks(deps, { force: true });
    expect(await crawlOnly()).toEqual([]);
    const atEnd = (await deliverMails(Date.now() + 2 * hourMs)).filter((m) => /since the last crawl/.test(m.headers.subject ?? ''));
    expect(atEnd.map((m) => m.headers.subject)).toEqual([expect.stringMatching(/^Resolved: Client shop: 1 new problem/)]);
    expect(atEnd[0]!.text).toContain(watchAlertText.heldThrough(watchAlertText.lasted(1)));
    expect(atEnd[0]!.text).toContain('The page has no title.');
    expect(await crawlOnly(Date.now() + 3 * hourMs)).toEqual([]);
    expect((await client.request(adminApi.watch.quietHours, { method: 'DELETE', headers: { Origin: base } })).status).toBe(200);
  }, 180_000);
});
