/**
 * Analytics: each definition of the README proven on the ingest service itself (times chosen by the test), then the
 * beacon endpoint on the built server as a real process — bad input, bots, other sites, the signed-in owner, and a
 * contact-form conversion — on SQLite and (when TEST_DATABASE_URL is set) PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsClientCaps, analyticsEndpoint, analyticsRules, type VitalMetric, weeklySummary } from '../../src/config/analytics';
import { overviewFigures } from '../../src/lib/analytics-figures';
import { honeypotField } from '../../src/lib/contact';
import { currentVisitors, performanceData, vitalTrend } from '../../src/server/features/analytics/report';
import { setConversionSpam } from '../../src/server/features/analytics/conversions';
import { analyticsViewOf } from '../../src/server/features/analytics/view';
import { composeWeeklySummary, maybeQueueWeeklySummary, setWeeklySummary } from '../../src/server/features/dashboard/weekly-summary';
import { formatShortDay } from '../../src/lib/format';
import type { AnalyticsQuery } from '../../src/lib/analytics-query';
import { addDays, dayOf } from '../../src/lib/days.mjs';
import { type AnalyticsService, createAnalyticsService } from '../../src/server/features/analytics/ingest';
import { adminApi } from '../../src/config/admin';
import { type Db, openDatabase } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { freePort, SiteProcess } from '../support/server';
import { until } from '../support/until';

const eventually = (probe: () => Promise<boolean>, timeoutMs = 5000) => until(async () => ((await probe()) ? true : undefined), timeoutMs);

const desktopAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const phoneAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const minute = 60_000;

/** Noon (UK time in winter is UTC) on a day of its own, so each test reads only its own figures. */
const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

describe.each(databaseNames())('analytics definitions on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let service: AnalyticsService;

  const client = (address: string, userAgent = desktopAgent) => ({ address, userAgent });
  function view(who: { address: string; userAgent: string }, at: number, path = '/', extra: Record<string, string> = {}) {
    const id = randomUUID();
    service.accept({ k: 'v', id, p: path, w: 'desktop', ...extra } as never, who, at);
    return id;
  }
  const engage = (
    who: { address: string; userAgent: string },
    id: string,
    at: number,
    t: number,
    m?: Partial<Record<VitalMetric, [number, string]>>,
    path = '/',
  ) => service.accept({ k: 'e', id, p: path, w: 'desktop', t, m } as never, who, at);
  const daily = async (day: string) => {
    await service.flush();
    const row = await db.selectFrom('analytics_daily').selectAll().where('day', '=', day).executeTakeFirst();
    return { page_views: 0, visitors: 0, visits: 0, bounces: 0, engaged_ms: 0, conversions: 0, ...row, engagedMs: Number(row?.engaged_ms ?? 0) };
  };

  const viewOf = (query: AnalyticsQuery, now: number) => analyticsViewOf(db, query, { retentionDays: 30, now });
  const countIn = (list: { value: string; count: number }[], value: string) => list.find((r) => r.value === value)?.count ?? 0;

  beforeAll(async () => {
    target = await createTarget(name);
    ({ db } = await openDatabase(target.url, target.options));
    await migrateToLatest(db, name);
    service = createAnalyticsService({ db, kind: name, siteHost: 'www.example.test', retentionDays: 30, flushMs: 60_000 });
  });
  afterAll(async () => {
    await service?.stop();
    await db?.destroy();
    await target?.dispose();
  });

  it('a visitor is counted once per day: same address and agent the same day is 1, the next day is 1 more', async () => {
    const day = '2026-03-02';
    const a = client('203.0.113.1');
    view(a, noon(day) - 2 * 60 * minute);
    view(a, noon(day) + 3 * 60 * minute, '/services');
    // Another browser behind the same address is another visitor.
    view(client('203.0.113.1', phoneAgent), noon(day));
    expect((await daily(day)).visitors).toBe(2);
    view(a, noon(addDays(day, 1)));
    expect((await daily(addDays(day, 1))).visitors).toBe(1);
    expect((await viewOf({ period: '7d' }, noon(addDays(day, 1)))).current.visitors).toBe(3);
    expect((await viewOf({ period: 'today' }, noon(addDays(day, 1)))).current.visitors).toBe(1);
  });

  it('a visit ends after 30 minutes without activity; an engagement beacon is activity', async () => {
    const day = '2026-03-10';
    const a = client('203.0.113.2');
    view(a, noon(day));
    view(a, noon(day) + 29 * minute);
    expect((await daily(day)).visits).toBe(1);
    view(a, noon(day) + 29 * minute + analyticsRules.visitGapMs + minute); // a 31-minute gap
    expect((await daily(day)).visits).toBe(2);

    const b = client('203.0.113.3');
    const first = view(b, noon(day));
    engage(b, first, noon(day) + 20 * minute, 5000);
    view(b, noon(day) + 45 * minute); // 25 minutes after the engagement beacon
    const row = await daily(day);
    expect(row.visits).toBe(3);
    expect(row.visitors).toBe(2);
  });

  it('a bounce is a visit with one page view', async () => {
    const day = '2026-03-12';
    view(client('203.0.113.4'), noon(day));
    const two = client('203.0.113.5');
    view(two, noon(day));
    view(two, noon(day) + minute, '/about');
    const row = await daily(day);
    expect({ visits: row.visits, bounces: row.bounces, pageViews: row.page_views }).toEqual({ visits: 2, bounces: 1, pageViews: 3 });
    const bounceRate = overviewFigures.find((f) => f.id === 'bounceRate')!;
    expect(bounceRate.value((await viewOf({ period: 'today' }, noon(day))).current)).toBe(0.5);
  });

  it('visit duration is engaged time: summed per visit, one page view counting 30 minutes at most', async () => {
    const day = '2026-03-14';
    const a = client('203.0.113.6');
    const page = view(a, noon(day));
    engage(a, page, noon(day) + minute, 20_000);
    engage(a, page, noon(day) + 2 * minute, 10_000);
    const b = client('203.0.113.7');
    const long = view(b, noon(day));
    engage(b, long, noon(day) + minute, 2 * 60 * minute);
    // An engagement beacon for a page view never counted is ignored.
    engage(b, randomUUID(), noon(day) + minute, 50_000);
    const row = await daily(day);
    expect(row.engagedMs).toBe(30_000 + analyticsRules.maxEngagedMs);
    const duration = overviewFigures.find((f) => f.id === 'visitDuration')!;
    expect(duration.value((await viewOf({ period: 'today' }, noon(day))).current)).toBe((30_000 + analyticsRules.maxEngagedMs) / 2);
  });

  it('conversion rate is visitors who converted ÷ visitors; a conversion without a counted visit is not counted', async () => {
    const day = '2026-03-16';
    const clients = ['203.0.113.10', '203.0.113.11', '203.0.113.12', '203.0.113.13'].map((address) => client(address));
    for (const who of clients) view(who, noon(day));
    service.accept({ k: 'c' }, clients[0]!, noon(day) + minute);
    service.accept({ k: 'c' }, clients[0]!, noon(day) + 2 * minute); // a second enquiry from the same visitor
    service.accept({ k: 'c' }, client('203.0.113.99'), noon(day) + minute); // never seen
    const row = await daily(day);
    expect({ visitors: row.visitors, conversions: row.conversions }).toEqual({ visitors: 4, conversions: 1 });
    const rate = overviewFigures.find((f) => f.id === 'conversionRate')!;
    expect(rate.value((await viewOf({ period: 'today' }, noon(day))).current)).toBe(0.25);
    const visit = await db.selectFrom('analytics_visits').select('converted').where('day', '=', day).where('converted', '=', 1).execute();
    expect(visit).toHaveLength(1);
  });

  it('conversions and enquiries agree: an enquiry marked as spam is not a conversion, and counts again when unmarked', async () => {
    const day = '2026-03-17';
    const [a, b] = ['203.0.113.14', '203.0.113.15'].map((address) => client(address));
    view(a!, noon(day));
    view(b!, noon(day));
    service.accept({ k: 'c', lead: `${name}-lead-a1` }, a!, noon(day) + minute);
    service.accept({ k: 'c', lead: `${name}-lead-b1` }, b!, noon(day) + minute);
    service.accept({ k: 'c', lead: `${name}-lead-b2` }, b!, noon(day) + 2 * minute); // b's second enquiry the same day
    expect((await daily(day)).conversions).toBe(2);
    expect(await setConversionSpam(db, `${name}-lead-a1`, true)).toBe(true);
    expect((await daily(day)).conversions).toBe(1);
    // b sent another enquiry that is not spam: b still converted.
    expect(await setConversionSpam(db, `${name}-lead-b1`, true)).toBe(false);
    expect((await daily(day)).conversions).toBe(1);
    expect(await setConversionSpam(db, `${name}-lead-b2`, true)).toBe(true);
    expect((await daily(day)).conversions).toBe(0);
    expect(await setConversionSpam(db, `${name}-lead-a1`, false)).toBe(true);
    expect((await daily(day)).conversions).toBe(1);
    // Marking spam twice, or an enquiry that converted nothing, changes nothing.
    expect(await setConversionSpam(db, `${name}-lead-b2`, true)).toBe(false);
    expect(await setConversionSpam(db, `${name}-no-such-lead`, true)).toBe(false);
    const filtered = await viewOf({ period: 'custom', from: day, to: day, filter: { dimension: 'device', value: 'desktop' } }, noon(day));
    expect(filtered.current.conversions).toBe(1);
  });

  it('goals: 404 visits by path and referrer apart from pages; outbound, checklist and free-audit clicks on counted page views, each once per page view', async () => {
    const day = '2026-03-18';
    const withPages = createAnalyticsService({
      db,
      kind: name,
      siteHost: 'www.example.test',
      retentionDays: 30,
      flushMs: 60_000,
      pages: new Set(['/goals-page']),
    });
    const who = client('203.0.113.16');
    const id = randomUUID();
    const goal = (g: string, x?: string, viewId = id) =>
      withPages.accept({ k: 'g', id: viewId, p: '/goals-page', w: 'desktop', g, x } as never, who, noon(day) + minute);
    expect(withPages.accept({ k: 'v', id, p: '/goals-page', w: 'desktop' }, who, noon(day))).toBe('queued');
    goal('outbound', 'www.example.org');
    goal('outbound', 'example.org'); // the same host on the same page view: counted once
    goal('checklist');
    goal('audit');
    goal('audit', undefined, randomUUID()); // no counted page view: not counted
    await withPages.flush();
    // Replayed in a later batch, the page view's goals are not counted again; another page view's are.
    for (let i = 0; i < 40; i++) goal('outbound', 'example.org');
    goal('checklist');
    const second = randomUUID();
    withPages.accept({ k: 'v', id: second, p: '/goals-page', w: 'desktop' }, who, noon(day) + 2 * minute);
    goal('outbound', 'example.org', second);
    expect(withPages.accept({ k: 'v', id: randomUUID(), p: '/old-page', w: 'desktop', r: 'www.bing.com' }, who, noon(day) + 2 * minute)).toBe('not-a-page');
    withPages.accept({ k: 'v', id: randomUUID(), p: '/old-page', w: 'mobile' }, client('203.0.113.17'), noon(day) + 2 * minute);
    await withPages.flush();
    await withPages.stop();
    const view = await viewOf({ period: 'custom', from: day, to: day }, noon(day));
    expect(Object.fromEntries(view.goals.map((g) => [g.id, g.count]))).toEqual({ notFound: 2, outbound: 2, checklist: 1, audit: 1 });
    expect(view.notFound).toEqual([
      { path: '/old-page', referrer: '', count: 1 },
      { path: '/old-page', referrer: 'bing.com', count: 1 },
    ]);
    expect(view.outbound.map((r) => [r.value, r.count])).toEqual([['example.org', 2]]);
    // A missing page is no page view and no visit.
    expect([view.current.pageViews, view.current.visits]).toEqual([2, 1]);
    expect(view.lists.page.map((r) => r.value)).toEqual(['/goals-page']);
  });

  it('the weekly summary: last full week against the one before, queued once a week, only when on and a mail server is set', async () => {
    const monday = '2026-05-11';
    const lastWeek = (d: number) => noon(addDays(monday, -7 + d));
    view(client('203.0.113.70'), lastWeek(0), '/weekly-a');
    view(client('203.0.113.71'), lastWeek(2), '/weekly-a');
    view(client('203.0.113.72'), lastWeek(6), '/weekly-b');
    view(client('203.0.113.73'), lastWeek(-3), '/weekly-a'); // the week before
    await service.flush();
    const enquiry = (id: string, at: number, status = 'new') =>
      db
        .insertInto('contact_messages')
        .values({
          id: `${name}-${id}`,
          created_at: at,
          request_type: 'general',
          name: 'A',
          email: 'a@example.com',
          subject: 'S',
          message: 'M',
          status,
          updated_at: at,
        })
        .execute();
    await enquiry('weekly-1', lastWeek(1));
    await enquiry('weekly-2', lastWeek(3), 'spam');
    const now = noon(monday) + 60 * minute;
    const summary = await composeWeeklySummary(db, now, { retentionDays: 30 });
    expect([summary.from, summary.to]).toEqual([addDays(monday, -7), addDays(monday, -1)]);
    expect(summary.subject).toBe(weeklySummary.subject(formatShortDay(summary.from), formatShortDay(summary.to)));
    expect(summary.body).toContain('Visitors: 3 (up 2 on the week before (1))');
    expect(summary.body).toContain('Enquiries: 1 (up 1 on the week before (0); spam left out)');
    expect(summary.body).toContain('  /weekly-a: 2 page views');

    const deps = { db, smtpConfigured: true, recipient: 'owner@example.com', retentionDays: 30 };
    const queued = () => db.selectFrom('mail_outbox').select('id').where('kind', '=', 'weekly_summary').execute();
    const before = (await queued()).length;
    expect(await maybeQueueWeeklySummary({ ...deps, smtpConfigured: false }, now)).toBe(false);
    await setWeeklySummary(db, false);
    expect(await maybeQueueWeeklySummary(deps, now)).toBe(false);
    await setWeeklySummary(db, true);
    // The first pass only starts the count (a site that has just started has no week to sum up): nothing queued.
    expect(await maybeQueueWeeklySummary(deps, noon(addDays(monday, -7)))).toBe(false);
    expect((await queued()).length).toBe(before);
    // The Monday after: last week's summary, once, even with two instances asking at the same moment.
    expect(await Promise.all([maybeQueueWeeklySummary(deps, now), maybeQueueWeeklySummary(deps, now)])).toContain(true);
    expect((await queued()).length).toBe(before + 1);
    // Once a week: later the same week, nothing more; the next Monday, the next one.
    expect(await maybeQueueWeeklySummary(deps, now + 2 * 86_400_000)).toBe(false);
    expect((await queued()).length).toBe(before + 1);
    expect(await maybeQueueWeeklySummary(deps, noon(addDays(monday, 7)))).toBe(true);
    expect((await queued()).length).toBe(before + 2);
    await db.deleteFrom('settings').where('key', 'in', [weeklySummary.settingKey, weeklySummary.sentKey]).execute();
  });

  it('takes no more than its queue holds, writing in batches: what is taken is stored, what is not is said', async () => {
    const small = createAnalyticsService({ db, kind: name, siteHost: 'www.example.test', retentionDays: 30, flushMs: 60_000, batchSize: 3, maxQueue: 5 });
    const day = '2026-02-11';
    const outcomes = Array.from({ length: 7 }, (_, i) =>
      small.accept({ k: 'v', id: randomUUID(), p: '/queue-test', w: 'desktop' }, client(`203.0.113.${120 + i}`), noon(day)),
    );
    expect(outcomes).toEqual(['queued', 'queued', 'queued', 'queued', 'queued', 'full', 'full']);
    await small.flush();
    const stored = await db.selectFrom('analytics_page_views').select('id').where('path', '=', '/queue-test').execute();
    expect(stored).toHaveLength(5);
    expect(small.dropped()).toBe(2);
    // Written, the queue takes events again.
    expect(small.accept({ k: 'v', id: randomUUID(), p: '/queue-test', w: 'desktop' }, client('203.0.113.130'), noon(day))).toBe('queued');
    await small.stop();
  });

  it('current visitors are those active in the last 5 minutes; lists count entries, referrers, campaigns and devices', async () => {
    const now = Date.now();
    const day = dayOf(now);
    const before = await viewOf({ period: 'today' }, now);
    const nowBefore = await currentVisitors(db, now);
    view(client('198.51.100.1'), now - 4 * minute, '/pricing', { r: 'www.google.com', us: 'newsletter', um: 'email', uc: 'winter' });
    view(client('198.51.100.2'), now - 6 * minute, '/pricing', { r: 'www.bing.com' });
    service.accept({ k: 'v', id: randomUUID(), p: '/blog', w: 'mobile' }, client('198.51.100.3', phoneAgent), now - minute);
    await service.flush();
    const after = await viewOf({ period: 'today' }, now);
    expect((await currentVisitors(db, now)) - nowBefore).toBe(2);
    const countOf = (list: { value: string; count: number }[], value: string) => list.find((r) => r.value === value)?.count ?? 0;
    const added = (dimension: keyof typeof after.lists, value: string) => countOf(after.lists[dimension], value) - countOf(before.lists[dimension], value);
    expect(added('entry', '/pricing')).toBe(2);
    expect(added('exit', '/pricing')).toBe(2);
    // A source is the tagged source, else the referring domain without "www."; it reads as a person would say it.
    expect(added('source', 'newsletter')).toBe(1);
    expect(added('source', 'bing.com')).toBe(1);
    expect(added('source', '')).toBe(1);
    expect(after.lists.source.find((r) => r.value === 'newsletter')!.label).toBe('Newsletter');
    expect(added('campaign', 'newsletter / email / winter')).toBe(1);
    expect(after.lists.campaign.find((r) => r.value === 'newsletter / email / winter')!.label).toBe('Newsletter · email · winter');
    expect(added('device', 'mobile')).toBe(1);
    expect(added('formFactor', 'mobile')).toBe(1);
    expect(added('browser', 'Chrome')).toBe(3);
    expect(after.series.at(-1)).toEqual({ from: day, to: day, visitors: expect.any(Number), pageViews: expect.any(Number) });
    expect(after.series).toHaveLength(1);
    expect((await viewOf({ period: '30d' }, now)).series).toHaveLength(30);
  });

  it('the exit page moves with the visit: the last page viewed is its exit, counted once', async () => {
    const day = '2026-03-21';
    const a = client('203.0.113.30');
    view(a, noon(day), '/');
    view(a, noon(day) + minute, '/services');
    view(a, noon(day) + 2 * minute, '/contact');
    await service.flush();
    const { lists } = await viewOf({ period: 'custom', from: day, to: day }, noon(day));
    expect(lists.exit.map((r) => [r.value, r.count])).toEqual([['/contact', 1]]);
    expect(lists.entry.map((r) => [r.value, r.count])).toEqual([['/', 1]]);
    expect(lists.page).toHaveLength(3);
  });

  it('any period: 90 days and 12 months from the daily totals (a point a month beyond 92 days), each against the span before', async () => {
    const now = noon('2026-06-15');
    view(client('203.0.113.40'), noon('2026-01-10'), '/about');
    view(client('203.0.113.41'), noon('2026-05-01'), '/about');
    view(client('203.0.113.42'), noon('2025-09-01'), '/about');
    await service.flush();
    const ninety = await viewOf({ period: '90d' }, now);
    expect([ninety.from, ninety.to, ninety.unit, ninety.series.length]).toEqual([addDays('2026-06-15', -89), '2026-06-15', 'day', 90]);
    expect(ninety.previousTo).toBe(addDays(ninety.from, -1));
    const year = await viewOf({ period: '12m' }, now);
    expect(year.unit).toBe('month');
    expect(year.series.map((p) => p.from.slice(0, 7))).toEqual([
      '2025-06',
      ...Array.from({ length: 12 }, (_, i) => `${i < 6 ? 2025 : 2026}-${String(((i + 6) % 12) + 1).padStart(2, '0')}`),
    ]);
    const january = year.series.find((p) => p.from.startsWith('2026-01'))!;
    expect(january.visitors).toBeGreaterThanOrEqual(1);
    expect(countIn(year.lists.page, '/about')).toBeGreaterThanOrEqual(3);
    // Long after the raw visits are gone, the lists still come from the daily totals.
    await service.cleanUp(noon('2026-06-15'));
    expect(countIn((await viewOf({ period: '12m' }, now)).lists.page, '/about')).toBeGreaterThanOrEqual(3);
  });

  it('a filter narrows every figure and list to the visits that match it, counted from the raw visits kept', async () => {
    const day = '2026-04-20';
    const a = client('203.0.113.50');
    view(a, noon(day), '/pricing', { r: 'www.google.com' });
    view(a, noon(day) + minute, '/contact');
    view(client('203.0.113.51'), noon(day), '/about', { us: 'newsletter' });
    await service.flush();
    const query = (filter: AnalyticsQuery['filter']) => viewOf({ period: 'custom', from: day, to: day, filter }, noon(day));
    const google = await query({ dimension: 'source', value: 'google.com' });
    expect([google.current.visits, google.current.pageViews, google.current.visitors]).toEqual([1, 2, 1]);
    expect(google.lists.page.map((r) => r.value).sort()).toEqual(['/contact', '/pricing']);
    const about = await query({ dimension: 'page', value: '/about' });
    expect([about.current.visits, about.current.pageViews]).toEqual([1, 1]);
    expect(about.lists.source.map((r) => r.label)).toEqual(['Newsletter']);
    expect(about.series).toEqual([{ from: day, to: day, visitors: 1, pageViews: 1 }]);
    // Filtered by a page its visit went on from, the pages list holds that page alone, as the figures count it.
    const pricing = await query({ dimension: 'page', value: '/pricing' });
    expect([pricing.current.visits, pricing.current.pageViews]).toEqual([1, 1]);
    expect(pricing.lists.page.map((r) => [r.value, r.count])).toEqual([['/pricing', 1]]);
    expect(pricing.lists.exit.map((r) => r.value)).toEqual(['/contact']);
  });

  it('Core Web Vitals: p75 and ratings by form factor, each metric once per page view, "not enough data" under the minimum', async () => {
    const now = Date.now();
    const lcp = [1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000, 5500];
    for (const [i, value] of lcp.entries()) {
      const who = client(`192.0.2.${i + 1}`);
      const id = view(who, now, '/services/seo');
      engage(who, id, now + 1000, 1000, { LCP: [value, 'good'], ...(i < analyticsRules.minVitalSamples - 1 ? { INP: [120, 'good'] } : {}) }, '/services/seo');
      engage(who, id, now + 2000, 1000, { LCP: [60, 'good'] }, '/services/seo'); // a second LCP for the same page view: ignored
    }
    const phone = client('192.0.2.200', phoneAgent);
    const phoneView = randomUUID();
    service.accept({ k: 'v', id: phoneView, p: '/services/seo', w: 'mobile' }, phone, now);
    service.accept({ k: 'e', id: phoneView, p: '/services/seo', w: 'mobile', t: 10, m: { CLS: [0.3, 'poor'] } }, phone, now + 1000);
    await service.flush();
    const data = await performanceData(db, now);
    const page = data.pages.find((p) => p.path === '/services/seo')!;
    const desktopLcp = page.vitals.find((v) => v.formFactor === 'desktop' && v.metric === 'LCP')!;
    expect(desktopLcp).toMatchObject({ samples: 10, good: 4, needsImprovement: 3, poor: 3 });
    // Nearest rank: the 8th of 10 samples is 4500 ms; the histogram holds it within 2.5 %.
    expect(desktopLcp.p75).toBeGreaterThanOrEqual(4500);
    expect(desktopLcp.p75).toBeLessThanOrEqual(4500 * 1.025);
    expect(page.vitals.find((v) => v.formFactor === 'desktop' && v.metric === 'INP')).toMatchObject({ samples: analyticsRules.minVitalSamples - 1, p75: null });
    expect(page.vitals.find((v) => v.formFactor === 'mobile' && v.metric === 'CLS')).toMatchObject({ samples: 1, poor: 1, p75: null });
    expect(page.vitals.find((v) => v.formFactor === 'mobile' && v.metric === 'LCP')).toMatchObject({ samples: 0 });

    // The trend: each day covers the 7 days ending on it, so today's samples show today and no earlier day.
    const trend = await vitalTrend(db, '/services/seo', now);
    expect(trend.days).toHaveLength(30);
    const lcpOn = (index: number) => trend.days.at(index)!.vitals.find((v) => v.formFactor === 'desktop' && v.metric === 'LCP')!;
    expect(lcpOn(-1)).toMatchObject({ samples: 10, p75: desktopLcp.p75 });
    expect(lcpOn(-2)).toMatchObject({ samples: 0, p75: null });
  });

  it('raw records go after the retention period; the daily totals stay', async () => {
    const day = '2026-03-20';
    view(client('203.0.113.20'), noon(day));
    expect((await daily(day)).page_views).toBe(1);
    await service.cleanUp(noon(addDays(day, 29)));
    expect(await db.selectFrom('analytics_page_views').select('id').where('day', '=', day).execute()).toHaveLength(1);
    await service.cleanUp(noon(addDays(day, 30)));
    expect(await db.selectFrom('analytics_page_views').select('id').where('day', '=', day).execute()).toHaveLength(0);
    expect(await db.selectFrom('analytics_visits').select('id').where('day', '=', day).execute()).toHaveLength(0);
    expect((await daily(day)).page_views).toBe(1);
  });

  it('salts older than 48 hours are deleted, with the visitor ids made from them', async () => {
    const day = '2026-03-22';
    view(client('203.0.113.30'), noon(day));
    await service.flush();
    const salt = await db.selectFrom('analytics_salts').selectAll().where('day', '=', day).executeTakeFirstOrThrow();
    expect(salt.salt).toMatch(/^[0-9a-f]{64}$/);
    await service.cleanUp(Number(salt.created_at) + analyticsRules.saltMaxAgeMs - minute);
    expect(await db.selectFrom('analytics_salts').select('day').where('day', '=', day).execute()).toHaveLength(1);
    await service.cleanUp(Number(salt.created_at) + analyticsRules.saltMaxAgeMs + minute);
    expect(await db.selectFrom('analytics_salts').select('day').execute()).toHaveLength(0);
    expect(await db.selectFrom('analytics_visitors').select('day').where('day', '=', day).execute()).toHaveLength(0);
    expect((await daily(day)).visitors).toBe(1);
  });
});

describe.each(databaseNames())('the event endpoint on %s', (name) => {
  let target: DatabaseTarget;
  let site: SiteProcess;
  let db: Db;
  const password = 'a sensible long passphrase';

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${site.base}${analyticsEndpoint}`, {
      method: 'POST',
      body,
      // Browsers send Origin with a beacon (a POST); Astro's origin check refuses text/plain posts without a matching one.
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': desktopAgent, 'X-Forwarded-For': '203.0.113.50', Origin: site.base, ...headers },
    });
  const pageView = (path: string) => JSON.stringify({ k: 'v', id: randomUUID(), p: path, w: 'laptop' });
  const visitorsToday = async () =>
    Number((await db.selectFrom('analytics_daily').select('visitors').where('day', '=', dayOf(Date.now())).executeTakeFirst())?.visitors ?? 0);
  const pageViewsOf = async (path: string) => {
    const row = await db.selectFrom('analytics_daily_breakdown').select('count').where('dimension', '=', 'page').where('value', '=', path).executeTakeFirst();
    return Number(row?.count ?? 0);
  };

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    site = new SiteProcess(await freePort(), { DATABASE_URL: target.url, SMTP_URL: '', TRUST_PROXY: 'true' });
    await site.start();
    ({ db } = await openDatabase(target.url, target.options));
  });
  afterAll(async () => {
    await site?.stop();
    await db?.destroy();
    await target?.dispose();
  });

  it('accepts a text/plain beacon with 204 and counts it within the flush interval', async () => {
    const response = await post(pageView('/about'));
    expect(response.status).toBe(204);
    await eventually(async () => (await pageViewsOf('/about')) === 1);
  });

  it('answers bad input with a 4xx, never a 5xx, and stores nothing', async () => {
    expect((await post('{not json')).status).toBe(400);
    expect((await post(JSON.stringify({ k: 'v', id: 'x', p: '/about', w: 'laptop' }))).status).toBe(400);
    expect((await post(JSON.stringify({ k: 'v', id: randomUUID(), p: 'https://evil.example/', w: 'laptop' }))).status).toBe(400);
    expect((await post(JSON.stringify({ k: 'v', id: randomUUID(), p: '/admin', w: 'laptop' }))).status).toBe(400);
    expect((await post(JSON.stringify({ k: 'e', id: randomUUID(), p: '/about', w: 'laptop', t: -5 }))).status).toBe(400);
    expect((await post(JSON.stringify({ k: 'v', id: randomUUID(), p: `/${'a'.repeat(analyticsRules.maxBodyBytes)}`, w: 'laptop' }))).status).toBe(413);
    expect((await post('k=v', { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await fetch(`${site.base}${analyticsEndpoint}`)).status).toBe(405);
    expect((await post(JSON.stringify({ __proto__: { k: 'v' } }))).status).toBe(400);
  });

  it('counts none of: bots, other sites, the signed-in owner', async () => {
    const path = '/services';
    const bot = await post(pageView(path), { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(bot.status).toBe(204);
    expect((await post(pageView(path), { 'User-Agent': '' })).status).toBe(204);
    expect((await post(pageView(path), { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(204);
    expect((await post(pageView(path), { Origin: 'https://elsewhere.example' })).status).toBe(403);

    expect(runAdminScript('create', 'owner@example.com', password, target.url).stderr).toBe('');
    const owner = new CookieClient(site.base, { 'User-Agent': desktopAgent, 'X-Forwarded-For': '203.0.113.51' });
    expect((await owner.json('/api/auth/sign-in', { email: 'owner@example.com', password })).status).toBe(200);
    const ownBeacon = await owner.request(analyticsEndpoint, {
      method: 'POST',
      body: pageView(path),
      headers: { 'Content-Type': 'text/plain', Origin: site.base },
    });
    expect(ownBeacon.status).toBe(204);

    // A visitor's beacon sent after them all is counted, and only it.
    expect((await post(pageView(path), { 'X-Forwarded-For': '203.0.113.52' })).status).toBe(204);
    // Events are written in the order they were accepted: once this later one is stored, the earlier ones have been
    // written or dropped, so the count is final.
    await eventually(async () => (await pageViewsOf(path)) >= 1);
    expect(await pageViewsOf(path)).toBe(1);
  });

  it('counts only pages of this site: made-up paths and the admin in any spelling are not counted', async () => {
    const address = '203.0.113.70';
    const notPages = ['/fake-page', '/Admin', '//admin', '/ADMIN/leads', '/%61dmin', '/admin/', '/About', '/about/x'];
    for (const path of notPages) {
      // Refused (400) or quietly dropped (204): either way never counted.
      expect((await post(pageView(path), { 'X-Forwarded-For': address })).status, path).toBeLessThan(500);
    }
    // A real page from the same client afterwards, so the flush has happened when it shows.
    expect((await post(pageView('/portfolio'), { 'X-Forwarded-For': address })).status).toBe(204);
    await eventually(async () => (await pageViewsOf('/portfolio')) === 1);
    const counted = await db.selectFrom('analytics_daily_breakdown').select('value').where('dimension', 'in', ['page', 'entry']).execute();
    expect(counted.map((row) => row.value).filter((value) => notPages.includes(value))).toEqual([]);
    const views = await db.selectFrom('analytics_page_views').select('path').execute();
    expect(views.map((row) => row.path).filter((path) => notPages.includes(path))).toEqual([]);
  });

  it('caps what one address can add: new visitors per hour and page views per minute; another address still counts', async () => {
    const flooder = '198.51.100.99';
    const before = await visitorsToday();
    // Rotating the user agent makes a new "visitor" each time: one address gets no more than the cap.
    const attempts = analyticsClientCaps.newVisitorsPerHour + 40;
    for (let i = 0; i < attempts; i++) {
      await post(pageView('/blog'), { 'X-Forwarded-For': flooder, 'User-Agent': `${desktopAgent} Rotating/${i}` });
    }
    // Then one agent, many views: no more than the per-minute cap.
    const answers: number[] = [];
    for (let i = 0; i < analyticsClientCaps.pageViewsPerMinute + 40; i++) {
      answers.push((await post(pageView('/media-kit'), { 'X-Forwarded-For': flooder })).status);
    }
    // What is not counted is not answered 2xx: the client is told it is over (429).
    expect(answers.slice(-40)).toEqual(Array(40).fill(429));
    const honest = '198.51.100.100';
    expect((await post(pageView('/testimonials'), { 'X-Forwarded-For': honest })).status).toBe(204);
    await eventually(async () => (await pageViewsOf('/testimonials')) === 1);
    expect((await visitorsToday()) - before).toBeLessThanOrEqual(analyticsClientCaps.newVisitorsPerHour + 1);
    expect(await pageViewsOf('/blog')).toBeLessThanOrEqual(analyticsClientCaps.newVisitorsPerHour);
    expect((await pageViewsOf('/blog')) + (await pageViewsOf('/media-kit'))).toBeLessThanOrEqual(analyticsClientCaps.pageViewsPerMinute);
  });

  it('a replayed goal beacon counts once per page view, and one address adds at most the hourly number of 404 visits', async () => {
    const address = '198.51.100.120';
    const id = randomUUID();
    expect((await post(JSON.stringify({ k: 'v', id, p: '/hertfordshire-seo', w: 'laptop' }), { 'X-Forwarded-For': address })).status).toBe(204);
    await eventually(async () => (await pageViewsOf('/hertfordshire-seo')) === 1);
    const host = 'call-0800-scam-now.example';
    const goal = JSON.stringify({ k: 'g', id, p: '/hertfordshire-seo', w: 'laptop', g: 'outbound', x: host });
    for (let i = 0; i < 40; i++) expect((await post(goal, { 'X-Forwarded-For': address })).status).toBeLessThan(300);
    const made = Array.from({ length: 40 }, (_, i) => `/URGENT-owner-call-0800-000-${i}`);
    for (const path of made) {
      await post(JSON.stringify({ k: 'v', id: randomUUID(), p: path, w: 'laptop', r: 'scam.example' }), { 'X-Forwarded-For': address });
    }
    // A later page view from another address: once it is stored, everything before it has been written.
    expect((await post(JSON.stringify({ k: 'v', id: randomUUID(), p: '/local-business', w: 'laptop' }), { 'X-Forwarded-For': '198.51.100.121' })).status).toBe(
      204,
    );
    await eventually(async () => (await pageViewsOf('/local-business')) === 1);
    const rows = await db
      .selectFrom('analytics_daily_breakdown')
      .select(['dimension', 'value', 'count'])
      .where('dimension', 'in', ['outbound', 'notFound'])
      .execute();
    expect(rows.filter((r) => r.dimension === 'outbound' && r.value === host).map((r) => Number(r.count))).toEqual([1]);
    const notFound = rows.filter((r) => r.dimension === 'notFound' && made.includes(JSON.parse(r.value)[0]));
    expect(notFound.reduce((sum, r) => sum + Number(r.count), 0)).toBe(analyticsClientCaps.notFoundPerHour);
  });

  it('stores no Core Web Vitals sample outside the plausible range', async () => {
    const address = '203.0.113.80';
    const id = randomUUID();
    expect((await post(JSON.stringify({ k: 'v', id, p: '/seo-audit', w: 'laptop' }), { 'X-Forwarded-For': address })).status).toBe(204);
    await eventually(async () => (await pageViewsOf('/seo-audit')) === 1);
    const answer = await post(
      JSON.stringify({ k: 'e', id, p: '/seo-audit', w: 'laptop', t: 1000, m: { LCP: [1e308, 'good'], CLS: [1e9, 'poor'], INP: [120, 'good'] } }),
      {
        'X-Forwarded-For': address,
      },
    );
    expect(answer.status).toBeLessThan(500);
    await eventually(async () => (await db.selectFrom('analytics_daily_vitals').select('metric').where('path', '=', '/seo-audit').execute()).length > 0);
    const stored = await db.selectFrom('analytics_daily_vitals').select(['metric', 'histogram']).where('path', '=', '/seo-audit').execute();
    expect(stored.map((row) => row.metric)).toEqual(['INP']);
  });

  it('an enquiry sent through the contact form is a conversion of the sender’s visit', async () => {
    const address = '203.0.113.60';
    expect((await post(pageView('/contact'), { 'X-Forwarded-For': address })).status).toBe(204);
    const conversions = async () =>
      Number((await db.selectFrom('analytics_daily').select('conversions').where('day', '=', dayOf(Date.now())).executeTakeFirst())?.conversions ?? 0);
    await eventually(async () => (await pageViewsOf('/contact')) === 1);
    const before = await conversions();
    const sent = await fetch(`${site.base}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': desktopAgent, 'X-Forwarded-For': address, Origin: site.base },
      body: JSON.stringify({
        name: 'Sam Carter',
        email: 'sam@example.com',
        subject: 'A new website',
        message: 'Please call me about a new website for my shop.',
      }),
    });
    expect(sent.status).toBe(201);
    await eventually(async () => (await conversions()) === before + 1);
    const visit = await db.selectFrom('analytics_visits').select(['converted', 'entry_path']).where('entry_path', '=', '/contact').executeTakeFirstOrThrow();
    expect(Number(visit.converted)).toBe(1);

    // The honeypot is answered as if sent, and is no conversion: another visitor fills it, and nothing is counted.
    const botAddress = '203.0.113.61';
    expect((await post(pageView('/contact'), { 'X-Forwarded-For': botAddress })).status).toBe(204);
    await eventually(async () => (await pageViewsOf('/contact')) === 2);
    const trap = await fetch(`${site.base}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': desktopAgent, 'X-Forwarded-For': botAddress, Origin: site.base },
      body: JSON.stringify({
        name: 'Bot',
        email: 'bot@example.com',
        subject: 'Cheap links',
        message: 'Buy cheap links for your site now.',
        [honeypotField]: 'x',
      }),
    });
    expect(trap.status).toBe(200);
    // A later beacon written means the trap's conversion, had there been one, was written before it.
    expect((await post(pageView('/about'), { 'X-Forwarded-For': '203.0.113.62' })).status).toBe(204);
    await eventually(async () => (await pageViewsOf('/about')) >= 2);
    expect(await conversions()).toBe(before + 1);

    // The owner marks the real enquiry as spam: it stops being a conversion; marked as new again, it counts again.
    const { id } = (await sent.json()) as { id: string };
    const owner = new CookieClient(site.base, { 'User-Agent': desktopAgent, 'X-Forwarded-For': '203.0.113.63' });
    expect((await owner.json('/api/auth/sign-in', { email: 'owner@example.com', password })).status).toBe(200);
    expect((await owner.json(adminApi.lead(id), { status: 'spam' })).status).toBe(200);
    expect(await conversions()).toBe(before);
    expect((await owner.json(adminApi.lead(id), { status: 'new' })).status).toBe(200);
    expect(await conversions()).toBe(before + 1);
  });
});
