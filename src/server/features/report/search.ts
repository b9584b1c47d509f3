/**
 * The report's search section, from the search feature's stored data (src/server/features/search/) of the report's
 * site (this website's, or a watched client site's, as the Search view's site choice): Google (synced or imported)
 * and Bing together, as the Search view's "Google and Bing". Totals from its daily roll-up, the top queries
 * and pages and the moves onto and off the first page from its monthly roll-ups, every figure made by the view's own
 * `figures` (clicks and impressions summed, CTR = clicks ÷ impressions, position weighted by impressions).
 *
 * The Search view shows periods ending on its last day of data (the last 28 days, 3 months…); a report reads the same
 * roll-ups for its calendar month, so for a month the view also covers whole (its months start on the 1st) the two
 * agree, which the tests check.
 */
import { sql } from 'kysely';
import { noData, reportLimits } from '~/config/report';
import { searchSources, storedSourcesOf } from '~/config/search';
import type { ReportPeriod, SearchTotals, Section } from '~/lib/report-types';
import type { Db } from '../../db';
import { sourceStates } from '../search/store.mjs';
import { figures } from '../search/view';
import { comparisons, monthBefore } from './period';

const sources = storedSourcesOf.all;
const sums = {
  clicks: sql<number>`sum(clicks)`.as('clicks'),
  impressions: sql<number>`sum(impressions)`.as('impressions'),
  position_sum: sql<number>`sum(position_sum)`.as('position_sum'),
};
const none = (reason: string): Section<never> => ({ available: false, reason });
const label = (id: 'google' | 'bing') => searchSources.find((s) => s.id === id)!.label;

async function totals(db: Db, site: string, from: string, to: string): Promise<SearchTotals | null> {
  const row = await db
    .selectFrom('search_daily')
    .select([sums.clicks, sums.impressions, sums.position_sum, sql<number>`count(*)`.as('days')])
    .where('site', '=', site)
    .where('source', 'in', sources)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  return Number(row?.days ?? 0) === 0 ? null : figures(row);
}

async function monthly(db: Db, site: string, key: 'query' | 'page', month: string) {
  const table = key === 'query' ? 'search_monthly_queries' : 'search_monthly_pages';
  const rows = await db
    .selectFrom(table)
    .select([sql<string>`${sql.ref(key)}`.as('key'), sums.clicks, sums.impressions, sums.position_sum])
    .where('site', '=', site)
    .where('source', 'in', sources)
    .where('month', '=', month)
    .where(key, '!=', '')
    .groupBy(key)
    .execute();
  return rows.map((row) => ({ key: row.key, ...figures(row) }));
}

const byClicks = (a: SearchTotals & { key: string }, b: SearchTotals & { key: string }) =>
  b.clicks - a.clicks || b.impressions - a.impressions || a.key.localeCompare(b.key);

/**
 * The section for a site (its search data's key: a watched site's id). Without any row it says why: its property is
 * not shared with the service account (or its site is not in the Bing account), or no source has data for it.
 */
export async function searchSection(db: Db, site: string, period: ReportPeriod): ReturnType<Required<import('./sources').ReportSectionSources>['search']> {
  const any = await db.selectFrom('search_daily').select('day').where('site', '=', site).where('source', 'in', sources).limit(1).executeTakeFirst();
  if (!any) {
    const unshared = (await sourceStates(db, site)).some((state) => state.state === 'unshared');
    return none(unshared ? noData.searchNotShared : noData.search);
  }
  const current = await totals(db, site, period.from, period.to);
  if (!current) return none(noData.searchPeriod);
  const { previous, lastYear } = comparisons(period);
  const present = await db
    .selectFrom('search_daily')
    .select('source')
    .distinct()
    .where('site', '=', site)
    .where('source', 'in', sources)
    .where('day', '>=', period.from)
    .where('day', '<=', period.to)
    .execute();
  const from = new Set(present.map((row) => (row.source === 'bing' ? label('bing') : label('google'))));
  const month = period.month ?? period.from.slice(0, 7);
  const [before, yearAgo, queries, pages, queriesBefore] = await Promise.all([
    totals(db, site, previous.from, previous.to),
    totals(db, site, lastYear.from, lastYear.to),
    monthly(db, site, 'query', month),
    monthly(db, site, 'page', month),
    monthly(db, site, 'query', monthBefore(month)),
  ]);
  const top = reportLimits.topPosition;
  const positionBefore = new Map(queriesBefore.map((q) => [q.key, q.position]));
  const positionNow = new Map(queries.map((q) => [q.key, q.position]));
  const onFirstPage = (position: number | null | undefined) => position !== null && position !== undefined && position <= top;
  const intoTop10 = queries
    .filter((q) => onFirstPage(q.position) && !onFirstPage(positionBefore.get(q.key)))
    .sort((a, b) => b.impressions - a.impressions || a.key.localeCompare(b.key))
    .slice(0, reportLimits.movedRows)
    .map((q) => ({ query: q.key, position: q.position, previousPosition: positionBefore.get(q.key) ?? null }));
  const outOfTop10 = queriesBefore
    .filter((q) => onFirstPage(q.position) && !onFirstPage(positionNow.get(q.key)))
    .sort((a, b) => b.impressions - a.impressions || a.key.localeCompare(b.key))
    .slice(0, reportLimits.movedRows)
    .map((q) => ({ query: q.key, position: positionNow.get(q.key) ?? null, previousPosition: q.position }));
  return {
    available: true,
    data: {
      sources: [...from].sort(),
      current,
      previous: before,
      lastYear: yearAgo,
      topQueries: queries.sort(byClicks).slice(0, reportLimits.topRows),
      topPages: pages.sort(byClicks).slice(0, reportLimits.topRows),
      intoTop10,
      outOfTop10,
    },
  };
}
