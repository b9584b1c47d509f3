/**
 * The client report's search figures against a stand-in whose truth this test computes from its own rows (issue 40,
 * items 2, 3 and 7): a report for any days lists exactly those days' searches and pages (what the Search view lists
 * for them); a source left out is named with the reason, in the page, the PDF and the AI prompt; a month whose data
 * ends early says up to which day and is compared over the same number of days; the monthly draft waits for the
 * month's data. On SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noData, reportLimits, reportText } from '../../src/config/report';
import { searchLagDays } from '../../src/config/search';
import { type Db, openDatabase } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { formatIsoDay } from '../../src/lib/format';
import { layOutReport } from '../../src/lib/report-layout';
import type { ReportData } from '../../src/lib/report-types';
import { dayPeriod, monthPeriod } from '../../src/server/features/report/period';
import { reportPdf } from '../../src/server/features/report/pdf';
import { pdfText } from '../support/pdf';
import { buildReport, runReportSchedule } from '../../src/server/features/report/service';
import { reportSources } from '../../src/server/features/report/sources';
import { reportAsPrompt } from '../../src/server/features/report/summary';
import { recordState, replaceDays, stageRows } from '../../src/server/features/search/store.mjs';
import { topQueries } from '../../src/server/features/search/view';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';
import { thisSiteId } from '../../src/config/sites.mjs';

const siteUrl = 'https://www.hale-digital.example';
const owner = 'owner@hale-digital.example';

type Row = { day: string; query: string; page: string; device: string; clicks: number; impressions: number; position: number };

const addDay = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
function daysFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDay(day, 1)) out.push(day);
  return out;
}

/**
 * This site's Google rows, 1 September to 25 November: each query's share moves over time, so October's order is not
 * the order of 29 October–25 November. Clicks differ per query, so no two tie.
 */
const queries = [
  { query: 'seo hatfield', page: '/services/seo', weight: (i: number) => 40 - Math.floor(i / 4), position: (i: number) => 4 + (i % 3) * 0.5 },
  { query: 'web design hatfield', page: '/services/web-design', weight: (i: number) => 5 + Math.floor(i / 3), position: (i: number) => 12 - i / 20 },
  { query: 'local seo', page: '/local-seo', weight: () => 20, position: () => 8.25 },
  { query: 'seo consultant', page: '/about', weight: (i: number) => (i > 55 ? 30 : 2), position: (i: number) => (i > 55 ? 6 : 15) },
  // 9.96 in September (reads "10.0") and 10.1 after: on the first page as written both times, so never "moved".
  { query: 'hatfield web agency', page: '/', weight: () => 3, position: (i: number) => (i < 30 ? 9.96 : 10.1) },
  // On the first page in October, off it in November.
  { query: 'seo audit', page: '/free-seo-audit', weight: () => 4, position: (i: number) => (i < 61 ? 7 : 14) },
];
const googleDays = daysFrom('2026-09-01', '2026-11-30');
const googleRows: Row[] = googleDays.flatMap((day, i) =>
  queries.map((q, k) => ({
    day,
    query: q.query,
    page: q.page,
    device: 'MOBILE',
    clicks: q.weight(i) + k,
    impressions: (q.weight(i) + k) * 12 + 7,
    position: q.position(i),
  })),
);

/** The truth for any days, from the rows themselves: sums, CTR = clicks ÷ impressions, position weighted by impressions. */
function truth(rows: Row[], from: string, to: string, key: 'query' | 'page') {
  const by = new Map<string, { clicks: number; impressions: number; weighted: number }>();
  for (const row of rows.filter((r) => r.day >= from && r.day <= to && r[key] !== '')) {
    const entry = by.get(row[key]) ?? { clicks: 0, impressions: 0, weighted: 0 };
    entry.clicks += row.clicks;
    entry.impressions += row.impressions;
    entry.weighted += row.position * row.impressions;
    by.set(row[key], entry);
  }
  return [...by.entries()]
    .map(([k, e]) => ({ key: k, clicks: e.clicks, impressions: e.impressions, ctr: e.clicks / e.impressions, position: e.weighted / e.impressions }))
    .sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions || (a.key < b.key ? -1 : 1));
}
function totalOf(rows: Row[], from: string, to: string) {
  const list = truth(rows, from, to, 'query');
  const clicks = list.reduce((n, r) => n + r.clicks, 0);
  const impressions = list.reduce((n, r) => n + r.impressions, 0);
  return { clicks, impressions, ctr: clicks / impressions, position: list.reduce((n, r) => n + r.position * r.impressions, 0) / impressions };
}

const searchOf = (data: ReportData) => {
  expect(data.sections.search.available).toBe(true);
  return data.sections.search.available ? data.sections.search.data : (null as never);
};
const laidOut = (data: ReportData, id: string) => layOutReport(data).find((section) => section.id === id)!.blocks;

describe.each(databaseNames())('a client report’s search figures on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  const sources = () => reportSources(db, { siteUrl, ownerEmail: owner });

  async function storeGoogle(to: string) {
    await stageRows(
      db,
      `run-${to}`,
      'google',
      googleRows.filter((r) => r.day <= to),
    );
    await replaceDays(db, `run-${to}`, 'google', '2026-09-01', to);
  }

  beforeAll(async () => {
    target = await createTarget(name);
    ({ db } = await openDatabase(target.url, target.options));
    await migrateToLatest(db, name);
    await storeGoogle('2026-11-25');
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.dispose();
  });

  it('lists, for any days, exactly those days’ searches and pages: what the Search view lists for them', async () => {
    // Made on 27 November: the Search view's "Last 28 days" ends on 25 November, its last day with data.
    const now = Date.UTC(2026, 10, 27, 10);
    const site = (await sources().site(thisSiteId))!;
    const data = await buildReport(sources(), site, dayPeriod('2026-10-29', '2026-11-25'), now);
    const search = searchOf(data);
    const expected = truth(googleRows, '2026-10-29', '2026-11-25', 'query').slice(0, reportLimits.topRows);
    // October's order differs, so a report reading the calendar month of its first day would show another list.
    expect(truth(googleRows, '2026-10-01', '2026-10-31', 'query').map((q) => q.key)).not.toEqual(expected.map((q) => q.key));
    expect(search.topQueries.map((q) => [q.key, q.clicks, q.impressions])).toEqual(expected.map((q) => [q.key, q.clicks, q.impressions]));
    search.topQueries.forEach((q, i) => expect(q.position).toBeCloseTo(expected[i]!.position!, 9));
    const pages = truth(googleRows, '2026-10-29', '2026-11-25', 'page').slice(0, reportLimits.topRows);
    expect(search.topPages.map((p) => [p.key, p.clicks, p.impressions])).toEqual(pages.map((p) => [p.key, p.clicks, p.impressions]));
    const view = await topQueries(
      db,
      { site: thisSiteId, period: '28d', source: 'all', list: 'queries', search: '', offset: 0, limit: reportLimits.topRows },
      now,
    );
    expect(search.topQueries).toEqual(view.rows.map(({ query, ...figures }) => ({ key: query, ...figures })));
    const current = totalOf(googleRows, '2026-10-29', '2026-11-25');
    expect([search.current.clicks, search.current.impressions]).toEqual([current.clicks, current.impressions]);
    // The moves onto and off the first page are against the 28 days before (1–28 October), from the same rows.
    const before = new Map(truth(googleRows, '2026-10-01', '2026-10-28', 'query').map((q) => [q.key, q.position]));
    const nowList = truth(googleRows, '2026-10-29', '2026-11-25', 'query');
    const onFirst = (p: number | undefined) => p !== undefined && Math.round(p) <= reportLimits.topPosition;
    expect(search.intoTop10.map((m) => m.query).sort()).toEqual(
      nowList
        .filter((q) => onFirst(q.position) && !onFirst(before.get(q.key)))
        .map((q) => q.key)
        .sort(),
    );
    expect(search.outOfTop10.map((m) => m.query).sort()).toEqual(
      [...before.entries()]
        .filter(([k, p]) => onFirst(p) && !onFirst(nowList.find((q) => q.key === k)?.position))
        .map(([k]) => k)
        .sort(),
    );
  });

  it('says up to which day a month’s data runs, and compares the same number of days', async () => {
    const now = Date.UTC(2026, 10, 27, 10);
    const site = (await sources().site(thisSiteId))!;
    const data = await buildReport(sources(), site, monthPeriod('2026-11'), now);
    const search = searchOf(data);
    expect(search.covered).toEqual({
      to: '2026-11-25',
      previous: { from: '2026-10-01', to: '2026-10-25' },
      lastYear: { from: '2025-11-01', to: '2025-11-25' },
    });
    const current = totalOf(googleRows, '2026-11-01', '2026-11-25');
    const previous = totalOf(googleRows, '2026-10-01', '2026-10-25');
    expect([search.current.clicks, search.previous?.clicks]).toEqual([current.clicks, previous.clicks]);
    const [paragraph, figures] = laidOut(data, 'search');
    expect(paragraph).toEqual({
      type: 'paragraph',
      text: `${reportText.searchFrom(['Google'])} ${noData.searchSource('Bing', 'unread')} ${reportText.dataUpTo('25 November 2026')}`,
    });
    const change = (((current.clicks - previous.clicks) / previous.clicks) * 100).toFixed(1);
    expect(figures?.type === 'figures' && figures.items[0]!.notes[0]).toBe(
      `Month before, 1 October 2026 to 25 October 2026: ${previous.clicks.toLocaleString('en-GB')} (${Number(change) > 0 ? '+' : '-'}${Math.abs(Number(change)).toFixed(1)}%)`,
    );
    // Position and click-through rate change in points, with the direction (a lower position is better).
    const positionNote = figures?.type === 'figures' ? figures.items[3]!.notes[0]! : '';
    const difference = Math.round((Number(current.position.toFixed(1)) - Number(previous.position.toFixed(1))) * 10) / 10;
    expect(positionNote).toBe(
      `Month before, 1 October 2026 to 25 October 2026: ${previous.position.toFixed(1)} (${difference === 0 ? 'no change' : `${difference < 0 ? 'better' : 'worse'} by ${Math.abs(difference).toFixed(1)}`})`,
    );
    expect(reportAsPrompt(data)).toContain(`search data up to ${formatIsoDay('2026-11-25')}`);
    // Last year's November has no data (the rows begin on 1 September 2026): no figure, and no note of a part.
    expect(search.lastYear).toBeNull();
    expect(search.partial).toEqual({ previous: null, lastYear: null });
    expect(pdfText(await reportPdf(data, '', null))).toContain('Data up to 25 November 2026');
  });

  it('says when a comparison begins before the data does (so it covers only part of its days)', async () => {
    const site = (await sources().site(thisSiteId))!;
    const data = await buildReport(sources(), site, dayPeriod('2026-10-01', '2026-11-25'), Date.UTC(2026, 10, 27, 10));
    const search = searchOf(data);
    // The 56 days before 1 October begin on 6 August; the rows on 1 September.
    expect(search.partial).toEqual({ previous: '2026-09-01', lastYear: null });
    expect(search.previous?.clicks).toBe(totalOf(googleRows, '2026-08-06', '2026-09-30').clicks);
    const figures = laidOut(data, 'search').find((b) => b.type === 'figures')!;
    expect(figures.type === 'figures' && figures.items[0]!.notes[0]).toContain(reportText.partialComparison('1 September 2026'));
  });

  it('names a source left out and why, in the page, the PDF and the AI prompt; totals say what they hold', async () => {
    await db
      .insertInto('watch_sites')
      .values({
        id: 'bakery',
        url: 'https://bright-bakery.example.co.uk/',
        name: 'Bright Bakery',
        client_email: 'owner@bright-bakery.example.co.uk',
        copy_client: 0,
        own: 0,
        crawl_every_hours: 24,
        availability_every_minutes: 5,
        kinds_off: '[]',
        created_at: Date.UTC(2026, 8, 1),
        updated_at: Date.UTC(2026, 8, 1),
        removed_at: null,
      })
      .execute();
    const bingRows: Row[] = daysFrom('2026-11-01', '2026-11-20').map((day, i) => ({
      day,
      query: 'bakery hatfield',
      page: '',
      device: 'DESKTOP',
      clicks: 1 + (i % 3),
      impressions: 40 + i,
      position: 5,
    }));
    await stageRows(db, 'bakery-bing', 'bing', bingRows, 'bakery');
    await replaceDays(db, 'bakery-bing', 'bing', '2026-11-01', '2026-11-20', 'bakery');
    await recordState(db, 'bing', { state: 'ok', message: 'Read.', at: Date.UTC(2026, 10, 21) }, 'bakery');
    await recordState(db, 'google', { state: 'unshared', message: 'Not shared with the service account.', at: Date.UTC(2026, 10, 21) }, 'bakery');
    const site = (await sources().site('bakery'))!;
    const data = await buildReport(sources(), site, dayPeriod('2026-11-01', '2026-11-20'), Date.UTC(2026, 10, 27, 10));
    const search = searchOf(data);
    // The page names the source left out (it once read "From Bing." over Bing's clicks alone).
    const about = laidOut(data, 'search')[0]!;
    expect(about.type === 'paragraph' && about.text).toMatch(/Google is not included: .*Search Console property is not shared/);
    const reason = noData.searchSource('Google', 'unshared');
    expect(search.sources).toEqual(['Bing']);
    expect(search.missing).toEqual([{ source: 'Google', reason }]);
    expect(search.current.clicks).toBe(bingRows.reduce((n, r) => n + r.clicks, 0));
    const [paragraph] = laidOut(data, 'search');
    expect(paragraph).toEqual({ type: 'paragraph', text: `Figures from Bing only. ${reason}` });
    expect(pdfText(await reportPdf(data, '', null))).toContain('Google is not included');
    expect(reportAsPrompt(data)).toContain(reason);
  });

  it('prepares the monthly draft once the month’s search data is complete (or its lag is over)', async () => {
    // 1 December: Google's figures reach 25 November only, so this site's November draft waits.
    const first = await runReportSchedule({ db, sources: sources(), siteUrl, ownerEmail: owner, kickOutbox: () => {} }, Date.UTC(2026, 11, 1, 9));
    expect(first.month).toBe('2026-11');
    expect(first.prepared).not.toContain(thisSiteId);
    // The rest of November arrives; the next pass makes it, whole.
    await storeGoogle('2026-11-30');
    const second = await runReportSchedule({ db, sources: sources(), siteUrl, ownerEmail: owner, kickOutbox: () => {} }, Date.UTC(2026, 11, 2, 9));
    expect(second.prepared).toContain(thisSiteId);
    const stored = await db.selectFrom('reports').select('data').where('site_key', '=', thisSiteId).where('month', '=', '2026-11').executeTakeFirstOrThrow();
    const search = searchOf(JSON.parse(stored.data) as ReportData);
    expect(search.covered).toBeNull();
    expect(search.current.clicks).toBe(totalOf(googleRows, '2026-11-01', '2026-11-30').clicks);
    // A site whose figures never arrive waits no longer than the lag: Bing's last day here is 20 November.
    expect(second.prepared).not.toContain('bakery');
    // A client's site added in December has no November report, and the owner is not told of one.
    await db
      .insertInto('watch_sites')
      .values({
        id: 'newcomer',
        url: 'https://newcomer.example.co.uk/',
        name: 'Newcomer',
        client_email: 'owner@newcomer.example.co.uk',
        copy_client: 0,
        own: 0,
        crawl_every_hours: 24,
        availability_every_minutes: 5,
        kinds_off: '[]',
        created_at: Date.UTC(2026, 11, 1, 12),
        updated_at: Date.UTC(2026, 11, 1, 12),
        removed_at: null,
      })
      .execute();
    const late = await runReportSchedule(
      { db, sources: sources(), siteUrl, ownerEmail: owner, kickOutbox: () => {} },
      Date.UTC(2026, 11, 1 + searchLagDays + 1, 9),
    );
    expect(late.prepared).toContain('bakery');
    expect(late.prepared).not.toContain('newcomer');
    expect(await db.selectFrom('reports').select('id').where('site_key', '=', 'newcomer').execute()).toEqual([]);
  });
});
