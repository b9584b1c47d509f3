/**
 * Watching sites (issue 33), on SQLite and PostgreSQL: a client's site on loopback whose state the test switches —
 * a title removed, a page answering 500, a noindex added, a redirect loop, a certificate from a local CA that expires
 * in 2 days, the site down — each change gives exactly one alert e-mail in the SMTP sink and one webhook call, and its
 * recovery one more of each; a later crawl's further findings one more of each, listing only those; two instances
 * running the same due check alert once; http:// not redirecting to https://, and the apex not redirecting to www,
 * against local fixtures; a vitals regression and a drop in visitors seeded into the analytics raise their alerts;
 * the SMTP server or the webhook down delays, never loses.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { watchAlertText, watchThresholds } from '../../src/config/watch';
import { type Db, openDatabase } from '../../src/server/db';
import { bucketOf } from '../../src/server/features/analytics/histogram';
import { addDays, dayOf } from '../../src/lib/days.mjs';
import { hostPort } from '../../src/server/features/sitecheck/address-guard.mjs';
import { checkCrawl } from '../../src/server/features/watch/crawl';
import { listAlerts } from '../../src/server/features/watch/health';
import { changeLine } from '../../src/server/features/watch/alerts';
import { runDueChecks, type WatchDeps } from '../../src/server/features/watch/scheduler';
import { addSite, eraseSite, listSites, removeSite, updateSite, WatchInputError } from '../../src/server/features/watch/sites';
import { watchSiteEdit, watchSiteForm } from '../../src/server/features/watch/schema';
import { deliverWebhooks } from '../../src/server/features/watch/webhook';
import { sinceMidnightMs } from '../../src/server/features/watch/own-data';
import { minuteOfDay } from '../../src/server/features/watch/quiet';
import { createSmtpSender } from '../../src/server/platform/mailer';
import { deliverDue } from '../../src/server/platform/outbox';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { SmtpSink } from '../support/smtp-sink';
import { until } from '../support/until';
import { fixtureChanged, fixturePages, healthy, RedirectFixture, TestCa, WatchFixture, type WatchFixtureState, WebhookSink } from '../support/watch-fixture';
import { thisSiteId } from '../../src/config/sites.mjs';

// The crawler and the availability check fetch the fixture over HTTPS with Node's agents; the certificate check is
// handed the test's CA itself (so "untrusted" is judged for real).
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const owner = 'owner@hale-digital.example';
const timing = { baseDelayMs: 10, maxDelayMs: 50, leaseMs: 10_000 };

describe.each(databaseNames())('watching sites on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let second: Db;
  const ca = new TestCa();
  const site = new WatchFixture(ca);
  const redirects = new RedirectFixture(ca);
  const webhook = new WebhookSink();
  let smtp: SmtpSink;
  let deps: WatchDeps;
  let send: ReturnType<typeof createSmtpSender>;

  beforeAll(async () => {
    target = await createTarget(name);
    ({ db } = await openDatabase(target.url, target.options));
    await migrateToLatest(db, name);
    ({ db: second } = await openDatabase(target.url, target.options));
    await site.start();
    await redirects.start();
    await webhook.start();
    smtp = new SmtpSink(await freePort());
    await smtp.start();
    send = createSmtpSender(`smtp://127.0.0.1:${smtp.port}`, '"Watch test" <watch@hale-digital.example>');
    deps = {
      db,
      // A reserved name: this site's own network checks are left out, its data checks run.
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
      delivery: { ownerEmail: owner, alertsLink: 'https://www.hale-digital.example/admin?tab=alerts', webhookUrl: webhook.url },
    };
  }, 60_000);

  afterAll(async () => {
    await site.stop();
    await redirects.stop();
    await webhook.stop();
    await smtp.stop();
    await second.destroy();
    await db.destroy();
    await target.dispose();
    ca.dispose();
  });

  /**
   * Delivers what the outbox and the webhook queue hold now; returns the mails and calls that arrived. The sink may
   * record a message a moment after the sender is told it was taken: it is waited for, by the count of rows sent.
   */
  async function deliver(at = Date.now()) {
    const mails = smtp.received.length;
    const calls = webhook.received.length;
    await deliverDue(db, send, timing, at + 1);
    await deliverWebhooks(db, { ...timing, timeoutMs: 2000 }, at + 1);
    const sent = await db.selectFrom('mail_outbox').select('id').where('status', '=', 'sent').execute();
    await until(async () => (smtp.received.length >= sent.length ? true : undefined), 5000);
    return { mails: smtp.received.slice(mails), calls: webhook.received.slice(calls) };
  }

  /** Switches the site's state, runs every check now (as `npm run watch:run`), and delivers. */
  async function step(change: Partial<WatchFixtureState>) {
    site.set(change);
    const runs = await runDueChecks(deps, { force: true });
    return { runs, ...(await deliver()) };
  }

  it('refuses a private address with the reason, and takes a listed one', async () => {
    const refused = addSite(db, watchSiteForm.parse({ url: 'http://10.0.0.7/', name: 'Private' }), deps.reach.addressPolicy);
    await expect(refused).rejects.toThrow(WatchInputError);
    await expect(refused).rejects.toThrow(/private address \(10\.0\.0\.7, private network\)/);
    const added = await addSite(
      db,
      watchSiteForm.parse({ url: site.origin, name: 'Client shop', clientEmail: 'client@shop.example' }),
      deps.reach.addressPolicy,
    );
    expect(added).toMatchObject({ url: `${site.origin}/`, name: 'Client shop', clientEmail: 'client@shop.example', copyClient: false, searchProperty: null });
  });

  it('keeps a client site’s Search Console property: the default (null) until one is set, unchanged by an edit without it', async () => {
    expect(watchSiteForm.safeParse({ url: 'https://a.example/', name: 'A', searchProperty: 'a.example' }).error?.issues[0]?.message).toMatch(
      /sc-domain:example\.co\.uk/,
    );
    const client = (await listSites(db)).find((s) => !s.isThisSite)!;
    expect(client.searchProperty).toBeNull();
    const set = await updateSite(db, client.id, watchSiteEdit.parse({ searchProperty: 'https://www.shop.example/' }));
    expect(set!.searchProperty).toBe('https://www.shop.example/');
    const renamed = await updateSite(db, client.id, watchSiteEdit.parse({ name: 'Client shop' }));
    expect(renamed!.searchProperty).toBe('https://www.shop.example/');
    expect((await updateSite(db, client.id, watchSiteEdit.parse({ searchProperty: '' })))!.searchProperty).toBeNull();
  });

  it('a first run is the baseline: nothing is wrong, nothing is sent', async () => {
    const { runs, mails, calls } = await step(healthy);
    const kinds = runs.map((r) => `${r.site.id === thisSiteId ? 'own' : 'client'}:${r.kind}`).sort();
    expect(kinds).toEqual(['client:availability', 'client:certificate', 'client:crawl', 'own:enquiries', 'own:traffic', 'own:vitals']);
    for (const run of runs) expect(run.outcome.problems, `${run.kind}: ${run.outcome.summary}`).toEqual([]);
    expect(mails).toEqual([]);
    expect(calls).toEqual([]);
  }, 60_000);

  const changes: [string, Partial<WatchFixtureState>, RegExp][] = [
    ['a title removed', { titleRemoved: true }, /new problem.*since the last crawl/],
    ['a page answering 500', { page500: true }, /new problems? on .* since the last crawl/],
    ['a noindex added', { noindex: true }, /since the last crawl/],
    ['a redirect loop', { loop: true }, /since the last crawl/],
    ['a certificate that expires in 2 days', { shortCertificate: true }, /certificate of 127\.0\.0\.1:\d+ expires in 1 day|expires in 2 days/],
    ['the site down', { down: true }, /is down/],
  ];
  it.each(changes)(
    '%s: one alert e-mail and one webhook call, and one more of each on recovery',
    async (_label, change, subject) => {
      const broken = await step(change);
      expect(broken.mails.map((m) => m.headers.subject)).toHaveLength(1);
      expect(broken.mails[0]!.headers.subject).toMatch(subject);
      expect(broken.mails[0]!.to).toEqual([owner]);
      expect(broken.calls).toHaveLength(1);
      expect(broken.calls[0]).toMatchObject({ event: 'opened', site: 'Client shop' });
      expect(String(broken.calls[0]!.text)).toContain('Client shop');
      // Discord's copy: the same text with its Markdown escaped (issue 39), no mention allowed to ping.
      expect(String(broken.calls[0]!.content).replace(/\\(.)/g, '$1')).toBe(String(broken.calls[0]!.text));
      expect(broken.calls[0]!.allowed_mentions).toEqual({ parse: [] });

      // Still broken on the next run: the alert stays open, nothing more is sent.
      const again = await step({});
      expect(again.mails).toEqual([]);
      expect(again.calls).toEqual([]);

      const back = await step(healthy);
      expect(back.mails).toHaveLength(1);
      expect(back.mails[0]!.headers.subject).toMatch(/^Resolved: /);
      expect(back.calls).toHaveLength(1);
      expect(back.calls[0]).toMatchObject({ event: 'closed' });
      const open = await db.selectFrom('watch_alerts').select('id').where('open_key', 'is not', null).execute();
      expect(open).toEqual([]);
    },
    60_000,
  );

  it('a home page that redirects in a loop is one alert (availability), not a crawl alert besides', async () => {
    const looping = await step({ homeLoop: true });
    expect(looping.mails.map((m) => m.headers.subject)).toEqual([expect.stringMatching(/^Urgent: Client shop: 127\.0\.0\.1:\d+ /)]);
    expect(looping.calls).toHaveLength(1);
    const open = await db.selectFrom('watch_alerts').select('kind').where('open_key', 'is not', null).execute();
    expect(open.map((alert) => alert.kind)).toEqual(['availability']);
    const back = await step(healthy);
    expect(back.mails.map((m) => m.headers.subject)).toEqual([expect.stringMatching(/^Resolved: /)]);
    expect(await db.selectFrom('watch_alerts').select('id').where('open_key', 'is not', null).execute()).toEqual([]);
  }, 60_000);

  it('a later crawl’s further findings: one more e-mail and webhook call with only those; a repeat crawl sends nothing', async () => {
    const first = await step({ titleRemoved: true });
    expect(first.mails).toHaveLength(1);
    expect(first.calls).toMatchObject([{ event: 'opened' }]);

    const more = await step({ page500: true });
    expect(more.mails.map((m) => m.headers.subject)).toEqual([
      expect.stringMatching(/^Client shop: \d+ more new problems? on 127\.0\.0\.1:\d+ since the last crawl$/),
    ]);
    expect(more.mails[0]!.text).toMatch(/began to answer 500/);
    expect(more.mails[0]!.text).not.toContain('no title');
    expect(more.calls).toHaveLength(1);
    expect(more.calls[0]).toMatchObject({ event: 'updated', site: 'Client shop' });
    expect(String(more.calls[0]!.message)).not.toContain('no title');
    // One alert, whose evidence now lists both.
    const open = await db.selectFrom('watch_alerts').select(['detail', 'evidence']).where('open_key', 'is not', null).execute();
    expect(open).toHaveLength(1);
    expect(open[0]!.detail).toContain('no title');
    expect(open[0]!.detail).toMatch(/began to answer 500/);

    const again = await step({});
    expect(again.mails).toEqual([]);
    expect(again.calls).toEqual([]);

    const back = await step(healthy);
    expect(back.mails.map((m) => m.headers.subject)).toEqual([expect.stringMatching(/^Resolved: Client shop: /)]);
    expect(back.calls).toMatchObject([{ event: 'closed' }]);
    expect(await db.selectFrom('watch_alerts').select('id').where('open_key', 'is not', null).execute()).toEqual([]);
  }, 60_000);

  it('one crawl with a page answering 500, a title removed and a noindex added: one line per change naming its page, links grouped, one count everywhere', async () => {
    const client = (await listSites(db)).find((s) => !s.isThisSite)!;
    await updateSite(db, client.id, watchSiteEdit.parse({ copyClient: true }));
    const broken = await step({ page500: true, titleRemoved: true, noindex: true });
    // The truth, from the fixture itself: every page links to every page, and the broken one is not read.
    const linking = fixturePages.filter((page) => page !== fixtureChanged.broken);
    const expected = [
      `${fixtureChanged.broken} began to answer 500 (it answered 200).`,
      `${fixtureChanged.noindex} began to say noindex: search engines will drop it.`,
      `${fixtureChanged.title}: The page has no title.`,
      `${linking.length} pages link to ${fixtureChanged.broken}, which answers 500.`,
    ].sort();
    const host = new URL(site.origin).host;
    const title = `${expected.length} new problems on ${host} since the last crawl`;
    const listed = (text: string) => [...text.matchAll(/^- (.*)$/gm)].map((m) => m[1]!.trim()).sort();
    // The owner's e-mail and the client's copy: the same count, the same lines.
    expect(broken.mails.map((m) => m.to[0]).sort()).toEqual(['client@shop.example', owner]);
    for (const mail of broken.mails) {
      expect(mail.headers.subject).toBe(`Client shop: ${title}`);
      expect(listed(mail.text)).toEqual(expected);
    }
    expect(broken.calls).toHaveLength(1);
    expect(broken.calls[0]).toMatchObject({ event: 'opened', alertTitle: title });
    expect(listed(String(broken.calls[0]!.message))).toEqual(expected);
    // Alerts: the same title and lines.
    const [alert] = await listAlerts(db, { status: 'open', site: client.id });
    expect(alert).toMatchObject({ title });
    expect(listed(alert!.detail)).toEqual(expected);
    // watch:run's view of the same run: the crawl is not "ok", its summary gives the same count, its change every line.
    const crawl = broken.runs.find((run) => run.kind === 'crawl' && run.site.id === client.id)!;
    expect(crawl.outcome.problems).toHaveLength(1);
    expect(crawl.outcome.summary).toContain(title);
    const printed = crawl.changes.map((change) => changeLine(change, { withDetail: true })).join('\n');
    for (const line of expected) expect(printed).toContain(line);

    await updateSite(db, client.id, watchSiteEdit.parse({ copyClient: false }));
    const back = await step(healthy);
    expect(back.calls).toMatchObject([{ event: 'closed' }]);
  }, 60_000);

  it('a certificate warned at 14 days is one alert, one more message when it turns urgent at 3, one on renewal', async () => {
    const warned = await step({ warnCertificate: true });
    expect(warned.mails.map((m) => m.headers.subject)).toEqual([
      expect.stringMatching(/^Client shop: The certificate of 127\.0\.0\.1:\d+ expires in (9|10) days$/),
    ]);
    expect(warned.calls).toHaveLength(1);
    expect((await step({})).mails).toEqual([]);
    const urgent = await step({ warnCertificate: false, shortCertificate: true });
    expect(urgent.mails.map((m) => m.headers.subject)).toEqual([
      expect.stringMatching(/^Urgent: Client shop: The certificate of 127\.0\.0\.1:\d+ expires in [12] days?$/),
    ]);
    expect(urgent.calls).toMatchObject([{ event: 'escalated', urgent: true }]);
    expect((await step({})).mails).toEqual([]);
    const renewed = await step(healthy);
    expect(renewed.mails.map((m) => m.headers.subject)).toEqual([expect.stringMatching(/^Resolved: /)]);
    expect(await db.selectFrom('watch_alerts').select('id').where('open_key', 'is not', null).execute()).toEqual([]);
  }, 60_000);

  it('two instances running the same due check alert once', async () => {
    site.set({ down: true });
    await db.updateTable('watch_schedule').set({ next_due_at: 0 }).where('kind', '=', 'availability').execute();
    const [one, two] = await Promise.all([runDueChecks(deps, { lane: 'quick' }), runDueChecks({ ...deps, db: second }, { lane: 'quick' })]);
    const ran = [...one, ...two].filter((r) => r.kind === 'availability' && r.site.id !== thisSiteId);
    expect(ran).toHaveLength(1);
    const { mails, calls } = await deliver();
    expect(mails).toHaveLength(1);
    expect(calls).toHaveLength(1);
    // Not due again until its interval has passed: a second pass runs nothing.
    expect((await runDueChecks(deps, { lane: 'quick' })).filter((r) => r.kind === 'availability')).toEqual([]);
    site.set({ down: false });
    await db.updateTable('watch_schedule').set({ next_due_at: 0 }).where('kind', '=', 'availability').execute();
    await runDueChecks(deps, { lane: 'quick' });
    expect((await deliver()).mails).toHaveLength(1);
  }, 60_000);

  it('the mail server and the webhook down: delivered later, once', async () => {
    await smtp.stop();
    webhook.failing = true;
    const before = { mails: smtp.received.length, calls: webhook.received.length };
    site.set({ titleRemoved: true });
    await runDueChecks(deps, { force: true });
    const failed = await deliverDue(db, send, timing, Date.now() + 1);
    const hookFailed = await deliverWebhooks(db, { ...timing, timeoutMs: 2000 }, Date.now() + 1);
    expect(failed).toEqual({ sent: 0, failed: 1 });
    expect(hookFailed).toEqual({ sent: 0, failed: 1 });
    await smtp.start();
    webhook.failing = false;
    // The receiver asked for a second's wait (Retry-After): delivered once it has passed (the queue keeps the time it
    // is given, so no sleep), and only once.
    await deliver(Date.now() + 1100);
    await deliver(Date.now() + 1100);
    expect(smtp.received.length - before.mails).toBe(1);
    expect(webhook.received.length - before.calls).toBe(1);
    site.set(healthy);
    await step({});
  }, 60_000);

  it('quiet hours hold an alert that is not urgent until they end; an urgent one goes at once', async () => {
    const minute = minuteOfDay(Date.now());
    // Quiet from this minute for two hours.
    const quiet = { fromMinute: minute, toMinute: (minute + 120) % (24 * 60) };
    const held = { ...deps, delivery: { ...deps.delivery, quietHours: quiet } };
    site.set({ titleRemoved: true });
    await runDueChecks(held, { force: true });
    expect((await deliver()).mails).toEqual([]);
    site.set({ down: true });
    await runDueChecks(held, { force: true });
    const urgent = await deliver();
    expect(urgent.mails.map((m) => m.headers.subject)).toEqual([expect.stringMatching(/^Urgent: Client shop: 127\.0\.0\.1:\d+ is down$/)]);
    // After the quiet hours, the held alert goes, once.
    await deliverDue(db, send, timing, Date.now() + 3 * 3_600_000);
    await deliverWebhooks(db, { ...timing, timeoutMs: 2000 }, Date.now() + 3 * 3_600_000);
    await until(
      async () => (smtp.received.some((m) => /since the last crawl/.test(m.headers.subject ?? '') && m.text.includes('no title')) ? true : undefined),
      5000,
    );
    site.set(healthy);
    await runDueChecks(deps, { force: true });
    await deliverDue(db, send, timing, Date.now() + 3 * 3_600_000);
    expect(await db.selectFrom('watch_alerts').select('id').where('open_key', 'is not', null).execute()).toEqual([]);
  }, 60_000);

  it('opened and closed while quiet hours hold it: one e-mail each and one webhook call at their end; a client’s copy has no link to the admin', async () => {
    // What the test before left due (its recoveries' webhook calls) is sent first.
    await deliver(Date.now() + 3 * 3_600_000);
    const client = (await listSites(db)).find((s) => !s.isThisSite)!;
    await updateSite(db, client.id, watchSiteEdit.parse({ copyClient: true }));
    const minute = minuteOfDay(Date.now());
    const held = { ...deps, delivery: { ...deps.delivery, quietHours: { fromMinute: minute, toMinute: (minute + 120) % (24 * 60) } } };
    site.set({ titleRemoved: true });
    await runDueChecks(held, { force: true });
    site.set(healthy);
    await runDueChecks(held, { force: true });
    expect(await deliver()).toEqual({ mails: [], calls: [] });
    const atEnd = await deliver(Date.now() + 3 * 3_600_000);
    const heldThrough = watchAlertText.heldThrough(watchAlertText.lasted(1));
    expect(atEnd.mails.map((m) => [m.to[0], m.headers.subject]).sort()).toEqual(
      [owner, 'client@shop.example'].sort().map((to) => [to, expect.stringMatching(/^Resolved: Client shop: 1 new problem/)]),
    );
    for (const mail of atEnd.mails) expect(mail.text).toContain(heldThrough);
    expect(atEnd.mails.find((m) => m.to[0] === owner)!.text).toContain(deps.delivery.alertsLink);
    expect(atEnd.mails.find((m) => m.to[0] !== owner)!.text).not.toContain('/admin');
    expect(atEnd.calls).toHaveLength(1);
    expect(atEnd.calls[0]).toMatchObject({ event: 'closed' });
    expect(String(atEnd.calls[0]!.message)).toContain(heldThrough);
    expect(await deliver(Date.now() + 4 * 3_600_000)).toEqual({ mails: [], calls: [] });

    // Outside quiet hours a recovery's webhook call says how long the problem lasted, as the e-mail does.
    site.set({ titleRemoved: true });
    await runDueChecks(deps, { force: true });
    await deliver();
    site.set(healthy);
    const back = await step({});
    expect(back.calls).toMatchObject([{ event: 'closed' }]);
    expect(String(back.calls[0]!.message)).toMatch(/^Resolved: no longer seen\. Open since .+, for 1 min\./);
    await updateSite(db, client.id, watchSiteEdit.parse({ copyClient: false }));
  }, 60_000);

  it('a crawl in its own process reports as one on the main thread', async () => {
    const checkProcess = fileURLToPath(new URL('../../src/server/features/sitecheck/check-process.mjs', import.meta.url));
    const [inThread, inline] = await Promise.all([
      checkCrawl(site.origin, { ...deps.reach, checkProcess }, null, []),
      checkCrawl(site.origin, deps.reach, null, []),
    ]);
    expect(inThread.ok).toBe(true);
    expect(inThread.score).toBe(inline.score);
    expect(inThread.summary).toBe(inline.summary);
    const refused = await checkCrawl('https://10.9.9.9/', { ...deps.reach, checkProcess }, null, []);
    expect(refused).toMatchObject({ ok: false, inconclusive: true, summary: expect.stringContaining('private address') });
  }, 60_000);

  it('removing keeps the history until the site is erased', async () => {
    const [client] = (await listSites(db)).filter((s) => !s.isThisSite);
    expect(await removeSite(db, client!.id)).toBe(true);
    expect((await listSites(db)).map((s) => s.id)).toEqual([thisSiteId]);
    const kept = await db.selectFrom('watch_results').select('id').where('site_id', '=', client!.id).execute();
    expect(kept.length).toBeGreaterThan(0);
    expect((await runDueChecks(deps, { force: true })).filter((r) => r.site.id === client!.id)).toEqual([]);
    expect(await eraseSite(db, client!.id)).toBe(true);
    expect(await db.selectFrom('watch_results').select('id').where('site_id', '=', client!.id).execute()).toEqual([]);
    expect(await db.selectFrom('watch_alerts').select('id').where('site_id', '=', client!.id).execute()).toEqual([]);
    await expect(removeSite(db, thisSiteId)).rejects.toThrow(WatchInputError);
  }, 60_000);

  it('http:// not redirecting to https://, and the apex not redirecting to www: one alert each, closed when fixed', async () => {
    const reach = {
      ...deps.reach,
      ports: { http: redirects.httpPort, https: redirects.httpsPort },
      addressPolicy: { allowPrivate: false, allowHosts: [...deps.reach.addressPolicy.allowHosts, ...redirects.hosts] },
    };
    const redirectDeps = { ...deps, reach };
    const added = await addSite(
      db,
      watchSiteForm.parse({ url: redirects.origin, name: 'Redirect shop', kindsOff: ['certificate', 'crawl'] }),
      reach.addressPolicy,
    );
    const run = async (change: Partial<RedirectFixture['state']>) => {
      redirects.set(change);
      const runs = await runDueChecks(redirectDeps, { force: true });
      return { runs, ...(await deliver()) };
    };

    const fine = await run({});
    const availability = fine.runs.find((r) => r.site.id === added.id && r.kind === 'availability')!;
    expect(availability.outcome.problems).toEqual([]);
    expect(availability.outcome.evidence).toMatchObject({
      httpToHttps: { url: `http://www.localhost:${redirects.httpPort}/`, status: 301, location: `${redirects.origin}/` },
      otherHost: { host: 'localhost', status: 301, location: `${redirects.origin}/` },
    });
    expect(fine.mails).toEqual([]);

    const plain = await run({ httpRedirects: false });
    expect(plain.mails.map((m) => m.headers.subject)).toEqual(['Redirect shop: http://www.localhost does not redirect to https']);
    expect(plain.calls).toMatchObject([{ event: 'opened', site: 'Redirect shop' }]);
    expect((await run({})).mails).toEqual([]);
    const secured = await run({ httpRedirects: true });
    expect(secured.mails.map((m) => m.headers.subject)).toEqual(['Resolved: Redirect shop: http://www.localhost does not redirect to https']);
    expect(secured.calls).toMatchObject([{ event: 'closed' }]);

    const apex = await run({ apexRedirects: false });
    expect(apex.mails.map((m) => m.headers.subject)).toEqual([`Redirect shop: localhost does not redirect to www.localhost:${redirects.httpsPort}`]);
    expect(apex.mails[0]!.text).toContain('answered 200');
    expect(apex.calls).toHaveLength(1);
    const joined = await run({ apexRedirects: true });
    expect(joined.mails.map((m) => m.headers.subject)).toEqual([
      `Resolved: Redirect shop: localhost does not redirect to www.localhost:${redirects.httpsPort}`,
    ]);
    expect(joined.calls).toHaveLength(1);

    expect(await removeSite(db, added.id)).toBe(true);
    expect(await db.selectFrom('watch_alerts').select('id').where('open_key', 'is not', null).execute()).toEqual([]);
  }, 60_000);

  it('a vitals regression from seeded analytics raises its alert, and it closes when the page recovers', async () => {
    const now = Date.now();
    const today = dayOf(now);
    const histogramAt = (ms: number, samples: number) => JSON.stringify({ [bucketOf('LCP', ms)]: samples });
    const samples = watchThresholds.vitalsMinSamples;
    const rows = [
      ...Array.from({ length: watchThresholds.vitalsBaselineDays }, (_, i) => ({ day: addDays(today, -watchThresholds.vitalsRecentDays - i), ms: 1500 })),
      ...Array.from({ length: watchThresholds.vitalsRecentDays }, (_, i) => ({ day: addDays(today, -i), ms: 5200 })),
    ];
    await db
      .insertInto('analytics_daily_vitals')
      .values(
        rows.map(({ day, ms }) => ({
          day,
          path: '/services',
          form_factor: 'mobile',
          metric: 'LCP',
          samples,
          good: 0,
          needs_improvement: 0,
          poor: 0,
          histogram: histogramAt(ms, samples),
        })),
      )
      .execute();
    const { mails, calls } = await step({});
    expect(mails.map((m) => m.headers.subject)).toEqual(['Hale Digital: LCP on /services got worse: poor (was good)']);
    expect(mails[0]!.text).toContain('5.2');
    expect(calls).toHaveLength(1);
    await db
      .updateTable('analytics_daily_vitals')
      .set({ histogram: histogramAt(1400, samples) })
      .where('day', '>=', addDays(today, -1))
      .execute();
    const back = await step({});
    expect(back.mails.map((m) => m.headers.subject)).toEqual(['Resolved: Hale Digital: LCP on /services got worse: poor (was good)']);
  }, 60_000);

  it('visitors far below the usual for the weekday and hour raise their alert', async () => {
    const now = Date.now();
    const elapsed = Math.max(2000, sinceMidnightMs(now));
    const visit = (at: number, visitor: string) => ({
      id: randomUUID(),
      visitor,
      day: dayOf(at),
      started_at: at,
      last_at: at,
      page_views: 1,
      engaged_ms: 0,
      entry_path: '/',
      referrer: null,
      campaign: null,
      viewport: 'mobile',
      converted: 0,
      source: null,
      browser: null,
      exit_path: '/',
    });
    const rows = [];
    for (let week = 1; week <= watchThresholds.trafficWeeks; week++) {
      const end = now - week * 7 * 86_400_000;
      for (let i = 0; i < 40; i++) rows.push(visit(end - Math.floor(elapsed / 2) - i, `w${week}-${i}`));
    }
    rows.push(visit(now - 1000, 'today-1'));
    await db.insertInto('analytics_visits').values(rows).execute();
    const { mails } = await step({});
    expect(mails.map((m) => m.headers.subject)).toEqual(['Hale Digital: Visitors far below the usual']);
    expect(mails[0]!.text).toMatch(/1 visitor so far today .* usually 40/);
  }, 60_000);

  it('no enquiry for longer than usual raises its alert; a new one closes it', async () => {
    const now = Date.now();
    const enquiry = (at: number) => ({
      id: randomUUID(),
      created_at: at,
      request_type: 'quote',
      name: 'A client',
      email: 'client@shop.example',
      subject: 'A quote',
      message: 'Hello',
      updated_at: at,
    });
    // Six enquiries a day apart, the last 20 days ago: the usual wait is a day.
    await db
      .insertInto('contact_messages')
      .values(Array.from({ length: 6 }, (_, i) => enquiry(now - (25 - i) * 86_400_000)))
      .execute();
    const quiet = await step({});
    expect(quiet.mails.map((m) => m.headers.subject)).toEqual(['Hale Digital: No enquiry for longer than usual']);
    expect(quiet.mails[0]!.text).toContain('20 days ago');
    await db.insertInto('contact_messages').values(enquiry(Date.now())).execute();
    const back = await step({});
    expect(back.mails.map((m) => m.headers.subject)).toEqual(['Resolved: Hale Digital: No enquiry for longer than usual']);
  }, 60_000);
});
