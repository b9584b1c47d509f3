/**
 * The Search view's custom period, its comparison (the period before or a year earlier), the lists as CSV and the
 * queries new and lost (issue 40), on SQLite and (with TEST_DATABASE_URL) PostgreSQL. The stand-in is Google's rows
 * as the sync stores them; every expected figure is computed here from those rows, never with the view's functions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customSearchRange, searchDownloads, searchRangeWords } from '../../src/config/search';
import { customRangeProblem, readSearchQuery, searchListSchema, searchQuerySchema, writeSearchQuery } from '../../src/lib/search-query';
import type { Db } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { searchListCsv } from '../../src/server/features/search/csv';
import { searchOpportunities } from '../../src/server/features/search/opportunities';
import { searchDetail, searchNewLost, searchOverview, topQueries } from '../../src/server/features/search/view';
import { replaceDays, stageRows } from '../../src/server/features/search/store.mjs';
import { createTarget, databaseNames, type DatabaseTarget, openTarget } from '../support/databases';
import { thisSiteId } from '../../src/config/sites.mjs';
import { readCsv } from '../support/csv';

const now = Date.parse('2025-12-05T10:00:00Z');
const siteUrl = 'https://www.example-seo.co.uk';
type Row = { day: string; query: string; page: string; device: string; clicks: number; impressions: number; position: number };

/** Every day from `from` to `to`. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let at = Date.parse(`${from}T12:00:00Z`); at <= Date.parse(`${to}T12:00:00Z`); at += 86_400_000) out.push(new Date(at).toISOString().slice(0, 10));
  return out;
}

/** Queries seen throughout, some a spreadsheet would run as formulas; and three seen in one stretch only. */
const everywhere = ['seo hatfield', 'local seo st albans', '=HYPERLINK("http://evil.example","x")', '+44 seo', '-1+2 seo', '@SUM(A1) seo'];
const only: Record<string, [string, string]> = {
  'seo in october only': ['2025-10-01', '2025-10-28'],
  'seo in november only': ['2025-11-01', '2025-11-28'],
  'seo a year ago only': ['2024-11-01', '2024-11-30'],
};
const pages = ['/', '/services/local-seo', '/pricing'];
const seeded: Row[] = [];
const allDays = [...daysOf('2024-09-01', '2024-11-30'), ...daysOf('2025-09-01', '2025-11-30')];
allDays.forEach((day, d) => {
  const queries = [
    ...everywhere,
    ...Object.entries(only)
      .filter(([, [a, b]]) => day >= a && day <= b)
      .map(([q]) => q),
  ];
  queries.forEach((query, q) => {
    // Two pages for some queries on some days: a query's figures are the sum over its pages.
    const pageCount = (d + q) % 3 === 0 ? 2 : 1;
    for (let p = 0; p < pageCount; p++) {
      seeded.push({
        day,
        query,
        page: pages[(q + p) % pages.length]!,
        device: 'MOBILE',
        clicks: (d * 3 + q + p) % 5,
        impressions: 10 + ((d + q * 7 + p) % 40),
        position: 1 + ((q * 3 + d + p) % 15) + 0.25,
      });
    }
  });
});

/** The truth of some days, from the rows: per query (or page) and in all. */
function truth(from: string, to: string, key: 'query' | 'page' = 'query') {
  const rows = seeded.filter((row) => row.day >= from && row.day <= to);
  const by = new Map<string, { clicks: number; impressions: number; weighted: number }>();
  for (const row of rows) {
    const sum = by.get(row[key]) ?? { clicks: 0, impressions: 0, weighted: 0 };
    sum.clicks += row.clicks;
    sum.impressions += row.impressions;
    sum.weighted += row.position * row.impressions;
    by.set(row[key], sum);
  }
  const clicks = rows.reduce((s, r) => s + r.clicks, 0);
  const impressions = rows.reduce((s, r) => s + r.impressions, 0);
  const weighted = rows.reduce((s, r) => s + r.position * r.impressions, 0);
  return { by, clicks, impressions, position: weighted / impressions };
}

/** A CSV as the spreadsheet reads it: it starts with the BOM that tells a spreadsheet it is UTF-8. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return readCsv(text);
}

describe.each(databaseNames())('search: custom period, comparison, CSV, new and lost on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;

  beforeAll(async () => {
    target = await createTarget(name);
    const opened = await openTarget(target);
    db = opened.db;
    await migrateToLatest(db, opened.kind);
    await stageRows(db, 't-google', 'google', seeded);
    await replaceDays(db, 't-google', 'google', '2000-01-01', '2099-12-31');
  });
  afterAll(async () => {
    await db.destroy();
    await target.dispose();
  });

  const november = { site: thisSiteId, period: 'custom', source: 'all', from: '2025-11-01', to: '2025-11-28' } as const;

  it('a custom period: its own days, against the same number of days just before', async () => {
    const view = await searchOverview(db, november, now);
    expect(view.range).toEqual({ from: '2025-11-01', to: '2025-11-28', label: customSearchRange.label });
    expect(view.previous).toEqual({ from: '2025-10-04', to: '2025-10-31' });
    expect(view.compare).toBe('previous');
    const current = truth('2025-11-01', '2025-11-28');
    const before = truth('2025-10-04', '2025-10-31');
    expect(view.totals).toMatchObject({ clicks: current.clicks, impressions: current.impressions });
    expect(view.totals.position).toBeCloseTo(current.position, 9);
    expect(view.previousTotals).toMatchObject({ clicks: before.clicks, impressions: before.impressions });
    expect(view.series).toHaveLength(28);
    expect(view.series.map((p) => p.clicks)).toEqual(daysOf('2025-11-01', '2025-11-28').map((day) => truth(day, day).clicks));
    const queries = await topQueries(db, { ...november, list: 'queries', search: 'hatfield', offset: 0, limit: 10 }, now);
    expect(queries.rows.map((r) => [r.query, r.clicks, r.impressions])).toEqual([
      ['seo hatfield', current.by.get('seo hatfield')!.clicks, current.by.get('seo hatfield')!.impressions],
    ]);
  });

  it("a query's detail and the opportunities read the custom period's days", async () => {
    const detail = await searchDetail(db, november, { query: 'seo hatfield' }, now);
    expect(detail.series.map((p) => p.day)).toEqual(daysOf('2025-11-01', '2025-11-28'));
    const rows = seeded.filter((r) => r.query === 'seo hatfield' && r.day >= '2025-11-01' && r.day <= '2025-11-28');
    expect(detail.series.reduce((s, p) => s + p.impressions, 0)).toBe(rows.reduce((s, r) => s + r.impressions, 0));
    const { lists } = await searchOpportunities(db, november, now);
    const current = truth('2025-11-01', '2025-11-28');
    const striking = [...current.by]
      .filter(([, sum]) => sum.weighted / sum.impressions >= 4 && sum.weighted / sum.impressions < 20.5)
      .map(([query]) => query)
      .sort();
    expect(striking.length).toBeGreaterThan(0);
    expect(striking.length).toBeLessThanOrEqual(10);
    expect(lists.striking.map((o) => o.key).sort()).toEqual(striking);
    for (const o of lists.striking) expect(o.impressions).toBe(current.by.get(o.key)!.impressions);
  });

  it('against the same days a year earlier, in words', async () => {
    const view = await searchOverview(db, { ...november, compare: 'year' }, now);
    expect(view.previous).toEqual({ from: '2024-11-01', to: '2024-11-28' });
    expect(view.compare).toBe('year');
    const lastYear = truth('2024-11-01', '2024-11-28');
    expect(view.previousTotals).toMatchObject({ clicks: lastYear.clicks, impressions: lastYear.impressions });
    expect(searchRangeWords(view.previous.from, view.previous.to)).toBe('1–28 Nov 2024');
    // A named period compared a year earlier: its days moved back a year.
    const named = await searchOverview(db, { site: thisSiteId, period: '28d', source: 'all', compare: 'year' }, now);
    expect(named.range).toMatchObject({ from: '2025-11-03', to: '2025-11-30' });
    expect(named.previous).toEqual({ from: '2024-11-03', to: '2024-11-30' });
    expect(named.previousTotals.clicks).toBe(truth('2024-11-03', '2024-11-30').clicks);
  });

  it('the lists as CSV: every row, the rows and sums of the stand-in, formulas made text, named by site and days', async () => {
    for (const [range, key] of [
      [november, 'query'],
      // Whole months: read from the monthly roll-ups.
      [{ ...november, from: '2025-09-01', to: '2025-10-31' }, 'query'],
      [november, 'page'],
    ] as const) {
      const list = key === 'query' ? 'queries' : 'pages';
      const { csv, fileName } = await searchListCsv(db, { ...range, list, search: '' }, siteUrl, now);
      expect(fileName).toBe(searchDownloads.fileName(list, 'www.example-seo.co.uk', range.from, range.to));
      expect(fileName).toContain('www.example-seo.co.uk');
      expect(fileName).toContain(`${range.from}-to-${range.to}`);
      const [header, ...rows] = parseCsv(csv);
      expect(header).toEqual(key === 'query' ? searchDownloads.queriesHeader : searchDownloads.pagesHeader);
      const expected = truth(range.from, range.to, key);
      // All rows, not a page of them (more than the short list's ten for queries).
      expect(rows).toHaveLength(expected.by.size);
      const read = new Map(rows.map((row) => [row[0]!, row]));
      for (const [k, sum] of expected.by) {
        // A cell a spreadsheet would run as a formula is prefixed with '.
        const shown = /^[=+\-@]/.test(k) ? `'${k}` : k;
        const row = read.get(shown);
        expect(row, shown).toBeDefined();
        expect(Number(row![1])).toBe(sum.clicks);
        expect(Number(row![2])).toBe(sum.impressions);
        // Rounded to two places.
        expect(Math.abs(Number(row![3]) - (100 * sum.clicks) / sum.impressions)).toBeLessThanOrEqual(0.0051);
        expect(Math.abs(Number(row![4]) - sum.weighted / sum.impressions)).toBeLessThanOrEqual(0.0051);
      }
      expect(rows.reduce((s, row) => s + Number(row[1]), 0)).toBe(expected.clicks);
      expect(rows.reduce((s, row) => s + Number(row[2]), 0)).toBe(expected.impressions);
      // Biggest first, as the list.
      const clicks = rows.map((row) => Number(row[1]));
      expect(clicks).toEqual([...clicks].sort((a, b) => b - a));
    }
    const formulas = parseCsv((await searchListCsv(db, { ...november, list: 'queries', search: '' }, siteUrl, now)).csv).map((row) => row[0]!);
    for (const query of everywhere.filter((q) => /^[=+\-@]/.test(q))) {
      expect(formulas).toContain(`'${query}`);
      expect(formulas).not.toContain(query);
    }
    // The list's search is the download's.
    const searched = parseCsv((await searchListCsv(db, { ...november, list: 'queries', search: 'only' }, siteUrl, now)).csv);
    expect(searched.slice(1).map((row) => row[0])).toEqual(['seo in november only']);
  });

  it('queries new and lost against the period compared', async () => {
    const setOf = (from: string, to: string) => new Set(seeded.filter((r) => r.day >= from && r.day <= to && r.clicks + r.impressions > 0).map((r) => r.query));
    for (const [query, previous] of [
      [november, ['2025-10-04', '2025-10-31']],
      [{ ...november, compare: 'year' as const }, ['2024-11-01', '2024-11-28']],
    ] as const) {
      const answer = await searchNewLost(db, query, 10, now);
      expect(answer.previous).toEqual({ from: previous[0], to: previous[1] });
      const now_ = setOf(query.from, query.to);
      const then = setOf(previous[0], previous[1]);
      const added = [...now_].filter((q) => !then.has(q)).sort();
      const lost = [...then].filter((q) => !now_.has(q)).sort();
      expect(added.length + lost.length).toBeGreaterThan(0);
      expect(answer.new.rows.map((r) => r.query).sort()).toEqual(added);
      expect(answer.new.total).toBe(added.length);
      expect(answer.lost.rows.map((r) => r.query).sort()).toEqual(lost);
      expect(answer.lost.total).toBe(lost.length);
      for (const row of answer.new.rows) expect(row.impressions).toBe(truth(query.from, query.to).by.get(row.query)!.impressions);
      for (const row of answer.lost.rows) expect(row.clicks).toBe(truth(previous[0], previous[1]).by.get(row.query)!.clicks);
    }
    // The stand-in's own truth: October's query is lost against the days before, last year's against a year earlier.
    expect((await searchNewLost(db, november, 10, now)).lost.rows.map((r) => r.query)).toEqual(['seo in october only']);
    expect((await searchNewLost(db, { ...november, compare: 'year' }, 10, now)).lost.rows.map((r) => r.query)).toEqual(['seo a year ago only']);
    // Fewer rows shown than found: the total still counts them all.
    const one = await searchNewLost(db, { ...november, from: '2025-09-01', to: '2025-11-28', compare: 'year' }, 1, now);
    expect(one.new.rows).toHaveLength(1);
    expect(one.new.total).toBe(2);
  });
});

describe('the custom period in the address and on the server', () => {
  const today = new Date().toISOString().slice(0, 10);
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

  it('is read from and written to the address, with the comparison', () => {
    const params = new URLSearchParams(`tab=search&speriod=custom&sfrom=${daysAgo(30)}&sto=${daysAgo(3)}&scompare=year&source=google`);
    const query = readSearchQuery(params);
    expect(query).toEqual({ site: thisSiteId, period: 'custom', source: 'google', from: daysAgo(30), to: daysAgo(3), compare: 'year' });
    expect(writeSearchQuery(query, new URLSearchParams('tab=search')).toString()).toBe(
      `tab=search&speriod=custom&source=google&sfrom=${daysAgo(30)}&sto=${daysAgo(3)}&scompare=year`,
    );
    // A range beside a named period is not the view's.
    expect(readSearchQuery(new URLSearchParams(`speriod=7d&sfrom=${daysAgo(30)}&sto=${daysAgo(3)}`))).toEqual({
      site: thisSiteId,
      period: '7d',
      source: 'all',
    });
  });

  it('is refused out of order, in the future, more than 16 months back, or without its days', () => {
    const refused = (from?: string, to?: string) => {
      const result = searchQuerySchema.safeParse({ period: 'custom', from, to });
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(refused(daysAgo(30), daysAgo(3))).toBeNull();
    expect(refused(today, today)).toBeNull();
    expect(refused(daysAgo(3), daysAgo(30))).toBe(customSearchRange.outOfOrder);
    expect(refused(daysAgo(3), daysAgo(-1))).toBe(customSearchRange.future);
    expect(refused(daysAgo(16 * 31 + 5), daysAgo(3))).toBe(customSearchRange.tooFarBack);
    expect(refused(daysAgo(3))).toBe(customSearchRange.missing);
    expect(refused('2025-02-30', '2025-03-01')).not.toBeNull();
    expect(searchListSchema.safeParse({ period: 'custom', from: daysAgo(3), to: daysAgo(30), list: 'queries' }).success).toBe(false);
    expect(customRangeProblem('2024-08-04', '2025-12-01', '2025-12-05')).toBe(customSearchRange.tooFarBack);
    expect(customRangeProblem('2024-08-05', '2025-12-01', '2025-12-05')).toBeNull();
    // Refused in the address: the default view.
    expect(readSearchQuery(new URLSearchParams(`speriod=custom&sfrom=${daysAgo(3)}&sto=${daysAgo(30)}`))).toEqual({
      site: thisSiteId,
      period: '28d',
      source: 'all',
    });
  });
});
