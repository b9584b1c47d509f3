/**
 * What the owner looked for and did not find (issue 40), on SQLite and PostgreSQL, against a client's site on loopback
 * whose state the test switches, with the SMTP sink and a webhook receiver, and a clock the test moves (no sleeps):
 * "Check now" runs the site's availability and certificate through the scheduler's own path (its result recorded, its
 * alert and e-mail), is refused in words while one runs and within a minute of the last; an alert acknowledged or
 * muted, with a note, is stored and listed so, and raises no reminder (muted: no message at all until it closes);
 * a site that stays down is reminded of an hour after it went down, then every 24 hours, held by quiet hours.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { watchAlertHandling, watchAlertText, watchCheckNow, watchDefaults, watchHistoryPeriods, watchReminders } from '../../src/config/watch';
import { type Db, openDatabase } from '../../src/server/db';
import { hostPort } from '../../src/server/features/sitecheck/address-guard.mjs';
import { handleAlert } from '../../src/server/features/watch/alerts';
import { availabilityHistory, listAlerts, sitesWithHealth } from '../../src/server/features/watch/health';
import { minuteOfDay } from '../../src/server/features/watch/quiet';
import { checkNow, runDueChecks, type WatchDeps } from '../../src/server/features/watch/scheduler';
import { watchSiteForm } from '../../src/server/features/watch/schema';
import { addSite, updateSite } from '../../src/server/features/watch/sites';
import type { WatchedSite } from '../../src/server/features/watch/types';
import { deliverWebhooks } from '../../src/server/features/watch/webhook';
import { HttpError } from '../../src/server/api/http-error';
import { lease } from '../../src/server/platform/lease.mjs';
import { createSmtpSender } from '../../src/server/platform/mailer';
import { deliverDue } from '../../src/server/platform/outbox';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { SmtpSink } from '../support/smtp-sink';
import { until } from '../support/until';
import { healthy, TestCa, WatchFixture, WebhookSink } from '../support/watch-fixture';

// The availability check fetches the fixture over HTTPS with Node's agents; the certificate check is handed the CA.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

const owner = 'owner@hale-digital.example';
const timing = { baseDelayMs: 10, maxDelayMs: 50, leaseMs: 10_000 };
const minuteMs = 60_000;
const hourMs = 3_600_000;

/** The refusal a promise ends in: its status, words and Retry-After. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  const http = error as HttpError;
  return { status: http.status, message: http.message, retryAfter: http.headers()['Retry-After'] };
}

describe.each(databaseNames())('check now, acknowledge, mute and reminders on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let smtp: SmtpSink;
  let send: ReturnType<typeof createSmtpSender>;
  const ca = new TestCa();
  const fixture = new WatchFixture(ca);
  const webhook = new WebhookSink();
  let deps: WatchDeps;
  /** The test's clock: every check is recorded at it, and every message timed by it. */
  let clock = Date.now();

  beforeAll(async () => {
    target = await createTarget(name);
    ({ db } = await openDatabase(target.url, target.options));
    await migrateToLatest(db, name);
    await fixture.start();
    await webhook.start();
    smtp = new SmtpSink(await freePort());
    await smtp.start();
    send = createSmtpSender(`smtp://127.0.0.1:${smtp.port}`, '"Watch test" <watch@hale-digital.example>');
    deps = {
      db,
      siteUrl: 'https://www.hale-digital.example',
      siteName: 'Hale Digital',
      reach: {
        userAgent: 'HaleWatchTest/1.0',
        addressPolicy: { allowPrivate: false, allowHosts: [hostPort(new URL(fixture.origin))] },
        timeoutMs: 5000,
        extraCa: ca.cert,
        crawlMaxPages: 20,
        crawlDeadlineMs: 60_000,
      },
      delivery: { ownerEmail: owner, alertsLink: 'https://www.hale-digital.example/admin?tab=alerts', webhookUrl: webhook.url },
      clock: () => clock,
    };
  }, 60_000);

  afterAll(async () => {
    fixture.release();
    await fixture.stop();
    await webhook.stop();
    await smtp?.stop();
    await db?.destroy();
    await target?.dispose();
    ca.dispose();
  });

  /** Delivers what the outbox and the webhook queue hold as of `at`; the mails and calls that arrived. */
  async function deliver(at = clock) {
    const mails = smtp.received.length;
    const calls = webhook.received.length;
    await deliverDue(db, send, timing, at + 1);
    await deliverWebhooks(db, { ...timing, timeoutMs: 2000 }, at + 1);
    const sent = await db.selectFrom('mail_outbox').select('id').where('status', '=', 'sent').execute();
    await until(async () => (smtp.received.length >= sent.length ? true : undefined), 5000);
    return { mails: smtp.received.slice(mails), calls: webhook.received.slice(calls) };
  }

  /** The site's availability and certificate checked by the scheduler at the test's clock (as every 5 minutes). */
  async function scheduled(extra: Partial<WatchDeps> = {}) {
    await runDueChecks({ ...deps, ...extra }, { lane: 'quick', force: true });
  }

  /** A fresh client's site (each test its own, so one's alerts and limits are not another's). */
  async function newSite(label: string): Promise<WatchedSite> {
    const site = await addSite(db, watchSiteForm.parse({ url: `${fixture.origin}/${label}`, name: `Client ${label}` }), deps.reach.addressPolicy);
    // Its crawl is off: these tests are about the quick checks.
    return (await updateSite(db, site.id, { kindsOff: ['crawl'] }))!;
  }

  const downSubject = (site: WatchedSite) => new RegExp(`^Urgent: ${site.name}: 127\\.0\\.0\\.1:\\d+ is down$`);
  /** The messages about one site (on a loaded machine a check may see the fixture slow, which is another alert). */
  const about = (site: WatchedSite, got: Awaited<ReturnType<typeof deliver>>) => ({
    mails: got.mails.filter((m) => (m.headers.subject ?? '').includes(`${site.name}:`) && !/responds slowly|slow/i.test(m.headers.subject ?? '')),
    calls: got.calls.filter((c) => c.site === site.name && !/slow/i.test(String(c.title))),
  });

  it('Check now runs the availability and certificate checks at once, as the scheduler would, and records them', async () => {
    fixture.set(healthy);
    const site = await newSite('check-now');
    clock = Date.now();
    const runs = await checkNow(deps, site);
    expect(runs.map((run) => run.kind).sort()).toEqual(['availability', 'certificate']);
    // Recorded at the clock, as the scheduler records: the results, and the next turn counted from now.
    const results = await db.selectFrom('watch_results').select(['kind', 'at', 'ok']).where('site_id', '=', site.id).execute();
    expect(results.map((r) => [r.kind, Number(r.at), Number(r.ok)]).sort()).toEqual([
      ['availability', clock, 1],
      ['certificate', clock, 1],
    ]);
    const schedule = await db.selectFrom('watch_schedule').select(['kind', 'next_due_at']).where('site_id', '=', site.id).execute();
    expect(Number(schedule.find((row) => row.kind === 'availability')!.next_due_at)).toBe(clock + watchDefaults.availabilityEveryMinutes * minuteMs);
    // What the Sites tab shows now: the fixture's home page answered 200.
    const shown = (await sitesWithHealth(db, clock)).find((s) => s.id === site.id)!;
    expect(shown.health.lastChecks.find((c) => c.kind === 'availability')).toMatchObject({
      at: clock,
      ok: true,
      summary: expect.stringContaining('answered 200'),
    });

    // Within a minute of the last: refused in words, with when to try again.
    clock += 20_000;
    expect(await refusal(checkNow(deps, site))).toEqual({ status: 429, message: watchCheckNow.tooSoon(site.name, 1), retryAfter: '40' });

    // The site down, a minute later: Check now opens the alert and sends its e-mail and webhook call, as the scheduler does.
    clock += 41_000;
    fixture.set({ down: true });
    const down = await checkNow(deps, site);
    expect(down.find((run) => run.kind === 'availability')!.changes.map((c) => c.event)).toEqual(['opened']);
    const sent = about(site, await deliver());
    expect(sent.mails.map((m) => m.headers.subject)).toEqual([expect.stringMatching(downSubject(site))]);
    expect(sent.calls).toEqual([expect.objectContaining({ event: 'opened', site: site.name })]);
    fixture.set(healthy);
  }, 60_000);

  it('Check now is refused in words while a check of the site runs: its own, or the scheduler’s', async () => {
    fixture.set(healthy);
    const site = await newSite('busy');
    clock = Date.now();
    fixture.holdHome();
    const first = checkNow(deps, site);
    // The first is waiting on the site's home page: a second is refused, not run beside it.
    await until(async () => (fixture.homeRequestsHeld > 0 ? true : undefined), 10_000);
    expect(await refusal(checkNow(deps, site))).toEqual({ status: 409, message: watchCheckNow.running(site.name), retryAfter: undefined });
    fixture.release();
    expect((await first).map((run) => run.kind).sort()).toEqual(['availability', 'certificate']);
    // One result of each kind: the refused one ran nothing.
    expect((await db.selectFrom('watch_results').select('id').where('site_id', '=', site.id).execute()).length).toBe(2);

    // The scheduler holding the site's availability check (another instance): refused too, and the minute not used.
    clock += 2 * minuteMs;
    const scheduler = lease(db, `watch:${site.id}:availability`, watchDefaults.leaseMs);
    expect(await scheduler.acquire('another instance')).toBe(true);
    expect(await refusal(checkNow(deps, site))).toEqual({ status: 409, message: watchCheckNow.running(site.name), retryAfter: undefined });
    await scheduler.release('another instance');
    expect((await checkNow(deps, site)).length).toBe(2);

    // A Check now of the same site from another instance (its lease held), before it reaches the checks: refused too.
    clock += 2 * minuteMs;
    const otherRequest = lease(db, `watch-now:${site.id}`, watchDefaults.leaseMs);
    expect(await otherRequest.acquire('another request')).toBe(true);
    expect(await refusal(checkNow(deps, site))).toEqual({ status: 409, message: watchCheckNow.running(site.name), retryAfter: undefined });
    await otherRequest.release('another request');

    // Both checks switched off: nothing to check, said so.
    const off = (await updateSite(db, site.id, { kindsOff: ['availability', 'certificate', 'crawl'] }))!;
    expect(await refusal(checkNow(deps, off))).toEqual({ status: 409, message: watchCheckNow.nothing(site.name), retryAfter: undefined });
  }, 60_000);

  it('a site that stays down: one reminder an hour after it went down, then every 24 hours, saying for how long; quiet hours hold it', async () => {
    fixture.set(healthy);
    const site = await newSite('reminders');
    clock = Date.now();
    await scheduled();
    await deliver();
    const wentDown = (clock += 5 * minuteMs);
    fixture.set({ down: true });
    await scheduled();
    expect(about(site, await deliver()).mails.map((m) => m.headers.subject)).toEqual([expect.stringMatching(downSubject(site))]);

    // Still down 55 minutes later: nothing yet.
    clock = wentDown + 55 * minuteMs;
    await scheduled();
    expect(about(site, await deliver())).toEqual({ mails: [], calls: [] });

    // An hour after it went down: one reminder, by e-mail and webhook, saying how long.
    clock = wentDown + 60 * minuteMs;
    await scheduled();
    const first = about(site, await deliver());
    const host = new URL(fixture.origin).host;
    expect(first.mails.map((m) => m.headers.subject)).toEqual([watchReminders.subject(site.name, `${host} is down`, '60 min')]);
    expect(first.mails[0]!.text).toContain(`${host} has been down for 60 min.`);
    expect(first.mails[0]!.to).toEqual([owner]);
    expect(first.calls).toEqual([expect.objectContaining({ event: 'reminder', site: site.name })]);
    expect(String(first.calls[0]!.text)).toContain(`${host} has been down for 60 min.`);

    // Checked again and again within the day: no more.
    for (const later of [65 * minuteMs, 5 * hourMs, 23 * hourMs]) {
      clock = wentDown + later;
      await scheduled();
      expect(about(site, await deliver())).toEqual({ mails: [], calls: [] });
    }

    // 24 hours after the first reminder: the next, with the time since it went down.
    clock = wentDown + 25 * hourMs;
    await scheduled();
    expect(about(site, await deliver()).mails.map((m) => m.headers.subject)).toEqual([
      watchReminders.subject(site.name, `${host} is down`, watchAlertText.lasted(25 * 60)),
    ]);

    // The next falls in quiet hours: held to their end, though the alert is urgent (a reminder is news to no one).
    clock = wentDown + 49 * hourMs;
    const minute = minuteOfDay(clock);
    const quietHours = { fromMinute: minute, toMinute: (minute + 120) % (24 * 60) };
    await scheduled({ delivery: { ...deps.delivery, quietHours } });
    expect(about(site, await deliver())).toEqual({ mails: [], calls: [] });
    expect(about(site, await deliver(clock + 2 * hourMs)).mails.map((m) => m.headers.subject)).toEqual([
      watchReminders.subject(site.name, `${host} is down`, watchAlertText.lasted(49 * 60)),
    ]);

    // Back up: the alert closes with its one message, and there is nothing more to remind of.
    clock = wentDown + 74 * hourMs;
    fixture.set(healthy);
    await scheduled();
    expect(about(site, await deliver()).mails.map((m) => m.headers.subject)).toEqual([expect.stringMatching(new RegExp(`^Resolved: ${site.name}: `))]);
    clock = wentDown + 100 * hourMs;
    await scheduled();
    expect(about(site, await deliver())).toEqual({ mails: [], calls: [] });
  }, 120_000);

  it('an alert acknowledged with a note stays open, is listed with who, when and the note, and raises no reminder; set back, it does', async () => {
    fixture.set(healthy);
    const site = await newSite('acknowledged');
    clock = Date.now();
    await scheduled();
    const wentDown = (clock += 5 * minuteMs);
    fixture.set({ down: true });
    await scheduled();
    await deliver();
    const [alert] = await listAlerts(db, { status: 'open', site: site.id, now: clock });
    expect(alert!.handled).toBeNull();

    clock = wentDown + 10 * minuteMs;
    await handleAlert(db, alert!.id, { state: 'acknowledged', note: 'Client moving hosts tonight.', by: owner }, clock);
    const [acknowledged] = await listAlerts(db, { status: 'open', site: site.id, now: clock });
    expect(acknowledged).toMatchObject({
      id: alert!.id,
      open: true,
      handled: { state: 'acknowledged', at: clock, by: owner, note: 'Client moving hosts tonight.' },
    });

    // Past the hour, and the day: no reminder while acknowledged.
    for (const later of [61 * minuteMs, 26 * hourMs]) {
      clock = wentDown + later;
      await scheduled();
      expect(about(site, await deliver())).toEqual({ mails: [], calls: [] });
    }
    expect((await listAlerts(db, { status: 'open', site: site.id, now: clock }))[0]!.remindedAt).toBeNull();

    // Set back: reminded at the next check, since one is overdue.
    await handleAlert(db, alert!.id, { state: 'none', note: null, by: owner }, clock);
    expect((await listAlerts(db, { status: 'open', site: site.id, now: clock }))[0]!.handled).toBeNull();
    clock += 5 * minuteMs;
    await scheduled();
    expect(about(site, await deliver()).mails.map((m) => m.headers.subject)).toEqual([expect.stringMatching(/^Still open after 26 hours: /)]);

    // Closed, it cannot be acknowledged: said in words; an alert that is not there, too.
    fixture.set(healthy);
    clock += 5 * minuteMs;
    await scheduled();
    await deliver();
    expect(await refusal(handleAlert(db, alert!.id, { state: 'acknowledged', note: null, by: owner }, clock))).toMatchObject({
      status: 409,
      message: watchAlertHandling.closed,
    });
    expect(await refusal(handleAlert(db, randomUUID(), { state: 'muted', note: null, by: owner }, clock))).toMatchObject({
      status: 404,
      message: watchAlertHandling.notFound,
    });
  }, 120_000);

  it('an alert muted sends nothing until it closes: its held opening taken back, no reminder; its closing is said', async () => {
    fixture.set(healthy);
    const site = await newSite('muted');
    clock = Date.now();
    await scheduled();
    await deliver();
    // The certificate close to lapsing (10 days: a warning, not urgent), raised inside quiet hours: its e-mail is held.
    const minute = minuteOfDay(clock);
    const quiet = { delivery: { ...deps.delivery, quietHours: { fromMinute: minute, toMinute: (minute + 120) % (24 * 60) } } };
    fixture.set({ warnCertificate: true });
    await scheduled(quiet);
    expect(about(site, await deliver())).toEqual({ mails: [], calls: [] });
    const [warning] = await listAlerts(db, { status: 'open', site: site.id, now: clock });
    expect(warning).toMatchObject({ kind: 'certificate', urgent: false, heldUntil: expect.any(Number) });

    await handleAlert(db, warning!.id, { state: 'muted', note: 'Renewal booked for Friday.', by: owner }, clock);
    expect((await listAlerts(db, { status: 'open', site: site.id, now: clock }))[0]).toMatchObject({
      handled: { state: 'muted', by: owner, note: 'Renewal booked for Friday.' },
      heldUntil: null,
    });
    // Its held message is not sent when the hours end.
    expect(about(site, await deliver(clock + 3 * hourMs))).toEqual({ mails: [], calls: [] });

    // Now urgent (2 days left): a message it would have had, not sent while muted.
    clock += hourMs;
    fixture.set({ warnCertificate: false, shortCertificate: true });
    await scheduled();
    expect(about(site, await deliver())).toEqual({ mails: [], calls: [] });

    // The site down while it is muted: that is another alert, and it is sent.
    fixture.set({ down: true });
    clock += 5 * minuteMs;
    await scheduled();
    expect(about(site, await deliver()).mails.map((m) => m.headers.subject)).toEqual([expect.stringMatching(downSubject(site))]);

    // Renewed: the muted alert closes, and its closing is said.
    fixture.set(healthy);
    clock += 5 * minuteMs;
    await scheduled();
    const closing = about(site, await deliver()).mails.map((m) => m.headers.subject);
    expect(closing.filter((s) => /certificate/i.test(s ?? ''))).toEqual([expect.stringMatching(new RegExp(`^Resolved: ${site.name}: `))]);
  }, 120_000);

  it('the response time and incidents over 24 hours and 7 days are the stored checks’, slot by slot', async () => {
    const site = await newSite('history');
    const now = Date.now();
    // A check every 20 minutes for 8 days: the site down for checks 30–32 (an hour) and for the last two (still down).
    const seeded = Array.from({ length: 8 * 72 }, (_, i) => {
      const at = now - i * 20 * minuteMs;
      const down = (i >= 30 && i <= 32) || i <= 1;
      return { at, up: !down, ms: down ? null : 120 + ((i * 53) % 700) };
    }).reverse();
    await db
      .insertInto('watch_results')
      .values(
        seeded.map((row) => ({
          id: randomUUID(),
          site_id: site.id,
          kind: 'availability',
          at: row.at,
          ok: row.up ? 1 : 0,
          response_ms: row.ms,
          score: null,
          summary: row.up ? 'answered 200' : 'does not answer',
          evidence: '{}',
        })),
      )
      .execute();
    const nearestRankMedian = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted.length === 0 ? null : sorted[Math.ceil(sorted.length / 2) - 1]!;
    };
    for (const period of ['24h', '7d'] as const) {
      const { spanMs, slotMs } = watchHistoryPeriods[period];
      const history = await availabilityHistory(db, site.id, period, now);
      const inPeriod = seeded.filter((row) => row.at > now - spanMs && row.at <= now);
      expect(history.checks).toBe(inPeriod.length);
      expect(history.down).toBe(inPeriod.filter((row) => !row.up).length);
      const times = inPeriod.flatMap((row) => (row.ms === null ? [] : [row.ms]));
      expect(history.medianMs).toBe(nearestRankMedian(times));
      expect(history.slowestMs).toBe(Math.max(...times));
      expect(history.slots).toHaveLength(spanMs / slotMs);
      history.slots.forEach((slot, k) => {
        const start = now - spanMs + k * slotMs;
        const rows = inPeriod.filter((row) => row.at > start && row.at <= start + slotMs);
        expect(slot).toEqual({
          from: start,
          checks: rows.length,
          down: rows.filter((row) => !row.up).length,
          medianMs: nearestRankMedian(rows.flatMap((row) => (row.ms === null ? [] : [row.ms]))),
        });
      });
      // Incidents: the hour down (ended by the check after it) when it falls in the period, and the one still going on.
      const hourDown = { from: now - 32 * 20 * minuteMs, to: now - 29 * 20 * minuteMs, checks: 3 };
      const stillDown = { from: now - 1 * 20 * minuteMs, to: null, checks: 2 };
      expect(history.incidents).toEqual(hourDown.from > now - spanMs ? [hourDown, stillDown] : [stillDown]);
    }
  }, 60_000);
});
