/**
 * The Search view's queries on SQLite and (with TEST_DATABASE_URL) PostgreSQL, over rows as the sync stores them:
 * totals equal the sources' (sums; CTR = clicks ÷ impressions; position impression-weighted), against the period
 * before; Google and Bing apart and together; lists with paging and search; a page joined to its visits from search,
 * their enquiries and its p75 LCP; a query's pages; and the three opportunity lists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedCtr } from '../../src/config/search';
import type { Db } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { bucketOf, bucketValue } from '../../src/server/features/analytics/histogram';
import { pagePrompt } from '../../src/server/features/search/endpoint';
import { searchOpportunities } from '../../src/server/features/search/opportunities';
import { searchDetail, searchOverview, topPages, topQueries } from '../../src/server/features/search/view';
import { stageRows, replaceDays } from '../../src/server/features/search/store.mjs';
import { createTarget, databaseNames, type DatabaseTarget, openTarget } from '../support/databases';
import { thisSiteId } from '../../src/config/sites.mjs';

const now = Date.parse('2026-03-10T10:00:00Z');
type Row = { day: string; query: string; page: string; device: string; clicks: number; impressions: number; position: number };

/** Google per query × page × device; Bing per query and per page. The last day with data is 2026-03-08. */
const google: Row[] = [
  { day: '2026-03-08', query: 'seo hatfield', page: '/services/local-seo', device: 'MOBILE', clicks: 7, impressions: 120, position: 3.5 },
  { day: '2026-03-08', query: 'seo hatfield', page: '/services/local-seo', device: 'DESKTOP', clicks: 3, impressions: 80, position: 5.25 },
  { day: '2026-03-07', query: 'seo consultant', page: '/', device: 'DESKTOP', clicks: 0, impressions: 400, position: 12 },
  { day: '2026-03-07', query: 'technical seo audit', page: '/audit', device: 'MOBILE', clicks: 1, impressions: 600, position: 2 },
  { day: '2026-03-01', query: 'seo 100% results_', page: '/pricing', device: 'MOBILE', clicks: 2, impressions: 10, position: 1 },
  // The period before (28 days before 2026-02-09 … 2026-03-08).
  { day: '2026-02-01', query: 'seo hatfield', page: '/services/local-seo', device: 'MOBILE', clicks: 5, impressions: 100, position: 6 },
];
const bing: Row[] = [
  { day: '2026-03-08', query: 'seo hatfield', page: '', device: '', clicks: 2, impressions: 30, position: 4 },
  { day: '2026-03-08', query: '', page: '/services/local-seo', device: '', clicks: 2, impressions: 30, position: 4 },
];

describe.each(databaseNames())('search view on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  const store = async (source: 'google' | 'bing', rows: Row[]) => {
    await stageRows(db, `t-${source}`, source, rows);
    await replaceDays(db, `t-${source}`, source, '2000-01-01', '2099-12-31');
  };

  beforeAll(async () => {
    target = await createTarget(name);
    const opened = await openTarget(target);
    db = opened.db;
    await migrateToLatest(db, opened.kind);
    await store('google', google);
    await store('bing', bing);
    // Visits that entered on the local SEO page: two from Google (one enquired), one from Bing, one direct.
    const visit = (id: string, source: string | null, converted: number, entry = '/services/local-seo') => ({
      id,
      visitor: `v-${id}`,
      day: '2026-03-08',
      started_at: now,
      last_at: now,
      page_views: 1,
      engaged_ms: 0,
      entry_path: entry,
      referrer: source,
      campaign: null,
      viewport: 'mobile',
      converted,
      source,
      browser: null,
      exit_path: null,
    });
    await db
      .insertInto('analytics_visits')
      .values([visit('a', 'google.com', 1), visit('b', 'google.co.uk', 0), visit('c', 'bing.com', 0), visit('d', null, 1), visit('e', 'google.com', 0, '/')])
      .execute();
    // LCP samples of the page: 3 at 1.2 s and 1 at 3.9 s: the p75 is 1.2 s's bucket (its upper edge, within 2.5 %).
    await db
      .insertInto('analytics_daily_vitals')
      .values({
        day: '2026-03-08',
        path: '/services/local-seo',
        form_factor: 'mobile',
        metric: 'LCP',
        samples: 4,
        good: 3,
        needs_improvement: 1,
        poor: 0,
        histogram: JSON.stringify({ [bucketOf('LCP', 1200)]: 3, [bucketOf('LCP', 3900)]: 1 }),
      })
      .execute();
  });
  afterAll(async () => {
    await db.destroy();
    await target.dispose();
  });

  it('totals: sums, CTR = clicks ÷ impressions, position weighted by impressions, against the period before', async () => {
    const view = await searchOverview(db, { site: thisSiteId, period: '28d', source: 'all' }, now);
    expect(view.range).toMatchObject({ from: '2026-02-09', to: '2026-03-08' });
    expect(view.previous).toEqual({ from: '2026-01-12', to: '2026-02-08' });
    const clicks = 7 + 3 + 0 + 1 + 2 + 2;
    const impressions = 120 + 80 + 400 + 600 + 10 + 30;
    expect(view.totals.clicks).toBe(clicks);
    expect(view.totals.impressions).toBe(impressions);
    expect(view.totals.ctr).toBeCloseTo(clicks / impressions, 12);
    expect(view.totals.position).toBeCloseTo((120 * 3.5 + 80 * 5.25 + 400 * 12 + 600 * 2 + 10 * 1 + 30 * 4) / impressions, 12);
    expect(view.previousTotals).toEqual({ clicks: 5, impressions: 100, ctr: 0.05, position: 6 });
    expect(view.series).toHaveLength(28);
    expect(view.series.at(-1)).toMatchObject({ day: '2026-03-08', clicks: 12, impressions: 230 });
    expect(view.hasData).toBe(true);
  });

  it('a period of months (whole months from the roll-ups) gives the figures of the rows themselves', async () => {
    const view = await searchOverview(db, { site: thisSiteId, period: '3m', source: 'all' }, now);
    expect(view.range).toMatchObject({ from: '2026-01-01', to: '2026-03-08' });
    expect(view.totals).toMatchObject({ clicks: 15 + 5, impressions: 1240 + 100 });
    const queries = await topQueries(db, { site: thisSiteId, period: '3m', source: 'all', list: 'queries', search: 'hat', offset: 0, limit: 10 }, now);
    // 2026-02-01's row comes from February's roll-up, the March rows from the rows.
    expect(queries.rows.map((r) => [r.query, r.clicks, r.impressions])).toEqual([['seo hatfield', 17, 330]]);
    expect(queries.rows[0]!.position).toBeCloseTo((120 * 3.5 + 80 * 5.25 + 30 * 4 + 100 * 6) / 330, 12);
  });

  it('Google and Bing apart', async () => {
    const g = await searchOverview(db, { site: thisSiteId, period: '28d', source: 'google' }, now);
    const b = await searchOverview(db, { site: thisSiteId, period: '28d', source: 'bing' }, now);
    expect([g.totals.clicks, g.totals.impressions]).toEqual([13, 1210]);
    expect(b.totals).toEqual({ clicks: 2, impressions: 30, ctr: 2 / 30, position: 4 });
  });

  it('top queries: ordered by clicks, paged, searched (wildcards taken literally)', async () => {
    const list = { site: thisSiteId, period: '28d', source: 'all', list: 'queries', search: '', offset: 0, limit: 2 } as const;
    const first = await topQueries(db, list, now);
    expect(first.total).toBe(4);
    expect(first.rows.map((r) => [r.query, r.clicks, r.impressions])).toEqual([
      ['seo hatfield', 12, 230],
      ['seo 100% results_', 2, 10],
    ]);
    const second = await topQueries(db, { ...list, offset: 2 }, now);
    expect(second.rows.map((r) => r.query)).toEqual(['technical seo audit', 'seo consultant']);
    expect(second.total).toBe(4);
    expect(await topQueries(db, { ...list, offset: 10 }, now)).toEqual({ ok: true, rows: [], total: 4 });
    expect((await topQueries(db, { ...list, search: 'SEO HAT' }, now)).rows.map((r) => r.query)).toEqual(['seo hatfield']);
    expect((await topQueries(db, { ...list, search: '100%' }, now)).total).toBe(1);
    expect((await topQueries(db, { ...list, search: '_' }, now)).rows.map((r) => r.query)).toEqual(['seo 100% results_']);
  });

  it('top pages: search clicks → visits from search → enquiries, and the p75 LCP of real users', async () => {
    const pages = await topPages(db, { site: thisSiteId, period: '28d', source: 'all', list: 'pages', search: '', offset: 0, limit: 10 }, now);
    const local = pages.rows.find((r) => r.page === '/services/local-seo')!;
    expect(local).toMatchObject({ clicks: 12, impressions: 230, visits: 3, enquiries: 1, lcpP75: bucketValue('LCP', bucketOf('LCP', 1200)) });
    const googleOnly = await topPages(db, { site: thisSiteId, period: '28d', source: 'google', list: 'pages', search: 'local', offset: 0, limit: 10 }, now);
    expect(googleOnly.rows).toHaveLength(1);
    expect(googleOnly.rows[0]).toMatchObject({ clicks: 10, visits: 2, enquiries: 1 });
    expect(pages.rows.find((r) => r.page === '/audit')).toMatchObject({ visits: 0, enquiries: 0, lcpP75: null });
  });

  it("a query's position day by day and the pages that rank for it", async () => {
    const detail = await searchDetail(db, { site: thisSiteId, period: '28d', source: 'google' }, { query: 'seo hatfield' }, now);
    expect(detail.series.at(-1)).toMatchObject({ day: '2026-03-08', clicks: 10, impressions: 200 });
    expect(detail.series.at(-1)!.position).toBeCloseTo((120 * 3.5 + 80 * 5.25) / 200, 12);
    expect(detail.related.map((r) => r.key)).toEqual(['/services/local-seo']);
  });

  it("an opportunity's AI prompt starts from a built page's own title and description", async () => {
    expect(existsSync('dist/client/index.html'), 'run "npm run build" first').toBe(true);
    // The truth: the service's own Markdown front matter, which the build puts in the page's head.
    const front = readFileSync('src/content/services/seo.md', 'utf8');
    const description = /^description: '(.*)'$/m.exec(front)![1]!.replace(/''/g, "'");
    const title = /^title: '?(.*?)'?$/m.exec(front)![1]!;
    const prompt = await pagePrompt(db, 'dist/client', '/services/seo', { site: thisSiteId, period: '28d', source: 'all' });
    expect(prompt.description).toBe(description);
    expect(prompt.title).toContain(title);
    expect(prompt.postId).toBeNull();
    expect((await pagePrompt(db, 'dist/client', '/no-such-page', { site: thisSiteId, period: '28d', source: 'all' })).description).toBeNull();
  });

  it('opportunities: striking distance, CTR well below the position, seen but never clicked', async () => {
    const { lists } = await searchOpportunities(db, { site: thisSiteId, period: '28d', source: 'all' }, now);
    expect(lists.striking.map((o) => [o.key, o.page])).toEqual([
      ['seo consultant', '/'],
      ['seo hatfield', '/services/local-seo'],
    ]);
    // /audit: position 2 expects about 15 %; 1 click in 600 is far below.
    expect(lists.lowCtr.map((o) => o.key)).toEqual(['/audit']);
    expect(lists.lowCtr[0]!.expectedCtr).toBe(expectedCtr(2));
    expect(lists.noClicks.map((o) => [o.key, o.impressions])).toEqual([['/', 400]]);
  });
});

describe('periods split into whole months and days', () => {
  it('reads whole months from the roll-ups and only the days outside them from the rows', async () => {
    const { splitPeriod } = await import('../../src/server/features/search/view');
    expect(splitPeriod('2026-02-09', '2026-03-08')).toEqual({ months: null, days: [['2026-02-09', '2026-03-08']] });
    expect(splitPeriod('2025-12-01', '2026-03-08')).toEqual({ months: ['2025-12', '2026-02'], days: [['2026-03-01', '2026-03-08']] });
    expect(splitPeriod('2025-11-15', '2026-02-28')).toEqual({ months: ['2025-12', '2026-02'], days: [['2025-11-15', '2025-11-30']] });
    expect(splitPeriod('2024-02-01', '2024-02-29')).toEqual({ months: ['2024-02', '2024-02'], days: [] });
  });
});
