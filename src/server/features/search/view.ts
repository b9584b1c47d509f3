/**
 * The Search view's queries: totals against the period before, the daily series, top queries and top pages (a page
 * joined to the visits from search that entered on it, their enquiries and its p75 LCP from real users), a query's
 * or a page's detail (the opportunities are opportunities.ts's, from the same rows). Figures are the sources' exactly: sums of clicks and impressions, CTR =
 * clicks ÷ impressions, position = sum(position × impressions) ÷ sum(impressions).
 *
 * Which rows count: totals, the series and the query lists read rows with a query (Google's per query × page, Bing's
 * query statistics, an export's queries); the page lists read rows with a page. So no click is counted twice.
 *
 * Every function reads one site's rows: the query's `site` (its one id; the query schema gives this website's when the
 * address names none). Only this website's pages are joined to the analytics and its posts' changes (a client's are not measured).
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { customSearchRange, searchPeriods, type SearchSourceFilter, storedSourcesOf } from '~/config/search';
import type { SearchCsvQuery, SearchListQuery, SearchQuery } from '~/lib/search-query';
import type {
  SearchDetail,
  SearchFigures,
  SearchListAnswer,
  SearchNewLost,
  SearchOverview,
  SearchPageRow,
  SearchPoint,
  SearchQueryRow,
} from '~/lib/search-types';
import { postPath } from '~/config/post-path.mjs';
import type { Db } from '../../db';
import { entriesFrom, percentile75, vitalsByPath } from '../analytics';
import { postChangeTimes } from '../posts';
import { addDays, daysBetween, lastDayOfMonth, monthBefore, monthsBefore, utcDayOf } from '~/lib/days.mjs';
import { thisSiteId } from '../sites';

/** The site a query reads. */
export const searchSiteOf = (query: { site: string }) => query.site;

type Sums = { clicks: unknown; impressions: unknown; position_sum: unknown };

/** Figures from summed columns (PostgreSQL sums come back as strings). */
export function figures(row: Sums | undefined): SearchFigures {
  const clicks = Number(row?.clicks ?? 0);
  const impressions = Number(row?.impressions ?? 0);
  const positionSum = Number(row?.position_sum ?? 0);
  return { clicks, impressions, ctr: impressions > 0 ? clicks / impressions : null, position: impressions > 0 ? positionSum / impressions : null };
}

export const sums = {
  clicks: sql<number>`sum(clicks)`.as('clicks'),
  impressions: sql<number>`sum(impressions)`.as('impressions'),
  position_sum: sql<number>`sum(position_sum)`.as('position_sum'),
};

/** The last day a site's chosen sources have data, up to `upTo` (sources lag by 2–3 days); null when they have none. */
export async function lastSearchDay(db: Db, site: string, source: SearchSourceFilter, upTo: string): Promise<string | null> {
  const last = await db
    .selectFrom('search_daily')
    .select((eb) => eb.fn.max('day').as('day'))
    .where('site', '=', site)
    .where('source', 'in', storedSourcesOf[source])
    .where('day', '<=', upTo)
    .executeTakeFirst();
  if (last?.day) return last.day as string;
  const lastRow = await db
    .selectFrom('search_rows')
    .select((eb) => eb.fn.max('day').as('day'))
    .where('site', '=', site)
    .where('source', 'in', storedSourcesOf[source])
    .where('day', '<=', upTo)
    .executeTakeFirst();
  return (lastRow?.day as string | null | undefined) ?? null;
}

/** The first day a site's chosen sources have data; null when they have none. */
export async function firstSearchDay(db: Db, site: string, source: SearchSourceFilter): Promise<string | null> {
  const first = await db
    .selectFrom('search_daily')
    .select((eb) => eb.fn.min('day').as('day'))
    .where('site', '=', site)
    .where('source', 'in', storedSourcesOf[source])
    .executeTakeFirst();
  return (first?.day as string | null | undefined) ?? null;
}

/**
 * The period's days: a named period ends on the last day the chosen sources have data (sources lag by 2–3 days); a
 * custom one is the days chosen (the schema checked them). Compared with the same number of days just before, or
 * with the same days a year earlier.
 */
export async function searchRange(db: Db, query: SearchQuery, now = Date.now()) {
  const last = await lastSearchDay(db, searchSiteOf(query), query.source, utcDayOf(now));
  let from: string;
  let to: string;
  let label: string;
  if (query.period === customSearchRange.id) {
    from = query.from!;
    to = query.to!;
    label = customSearchRange.label;
  } else {
    to = last ?? addDays(utcDayOf(now), -1);
    const period = searchPeriods.find((p) => p.id === query.period)!;
    from = 'days' in period ? addDays(to, -period.days + 1) : `${monthsBefore(`${to.slice(0, 7)}-01`, period.months - 1)}`;
    label = period.label;
  }
  const span = daysBetween(from, to);
  const previous =
    query.compare === 'year' ? { from: monthsBefore(from, 12), to: monthsBefore(to, 12) } : { from: addDays(from, -span), to: addDays(from, -1) };
  return { from, to, label, previous, compare: query.compare ?? 'previous', hasData: last !== null };
}

/** A site's totals for any days, as the view sums them; null when no source has a day of data in them. */
export async function searchTotals(db: Db, site: string, source: SearchSourceFilter, from: string, to: string): Promise<SearchFigures | null> {
  const row = await db
    .selectFrom('search_daily')
    .select([sums.clicks, sums.impressions, sums.position_sum, sql<number>`count(*)`.as('days')])
    .where('site', '=', site)
    .where('source', 'in', storedSourcesOf[source])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  return Number(row?.days ?? 0) === 0 ? null : figures(row);
}

/** Which stored sources have data on any of those days. */
export async function searchSourcesWithData(db: Db, site: string, source: SearchSourceFilter, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('search_daily')
    .select('source')
    .distinct()
    .where('site', '=', site)
    .where('source', 'in', storedSourcesOf[source])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  return rows.map((row) => row.source).sort();
}

/**
 * A site's queries or pages for any days, biggest first (clicks, then impressions, then the key): the lists the view
 * shows for those days, `limit` of them (all without one).
 */
export async function searchKeyed(
  db: Db,
  site: string,
  source: SearchSourceFilter,
  from: string,
  to: string,
  key: 'query' | 'page',
  limit?: number,
): Promise<(SearchFigures & { key: string })[]> {
  const { rows } = await keyedList(db, site, source, from, to, key, '', 0, limit ?? null);
  return rows.map((row) => ({ key: row.key, ...figures(row) }));
}

/** The first day of the month after `month` (YYYY-MM). */
const nextMonthStart = (month: string) => `${monthBefore(month, -1)}-01`;

/** A period as whole months (read from the roll-ups) and the days outside them (read from the rows). */
export function splitPeriod(from: string, to: string): { months: [string, string] | null; days: [string, string][] } {
  const firstFull = from.endsWith('-01') ? from.slice(0, 7) : nextMonthStart(from.slice(0, 7)).slice(0, 7);
  const lastFull = to === lastDayOfMonth(to.slice(0, 7)) ? to.slice(0, 7) : monthBefore(to.slice(0, 7));
  if (firstFull > lastFull) return { months: null, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < `${firstFull}-01`) days.push([from, addDays(`${firstFull}-01`, -1)]);
  const after = nextMonthStart(lastFull);
  if (after <= to) days.push([after, to]);
  return { months: [firstFull, lastFull], days };
}

export function rowsIn(db: Db, site: string, source: SearchSourceFilter, from: string, to: string) {
  return db.selectFrom('search_rows').where('site', '=', site).where('source', 'in', storedSourcesOf[source]).where('day', '>=', from).where('day', '<=', to);
}

/**
 * A period's figures per query or per page, as parts to be summed: whole months from the roll-ups, the other days
 * from the rows. Rows without that key (Bing's page rows for queries, its query rows for pages) are left out.
 */
export function keyedParts(db: Db, site: string, source: SearchSourceFilter, from: string, to: string, key: 'query' | 'page', search = '') {
  const { months, days } = splitPeriod(from, to);
  const sources = storedSourcesOf[source];
  const parts = days.map(([a, b]) => {
    let part = db
      .selectFrom('search_rows')
      .select([sql<string>`${sql.ref(key)}`.as('key'), 'clicks', 'impressions', 'position_sum'])
      .where('site', '=', site)
      .where('source', 'in', sources)
      .where('day', '>=', a)
      .where('day', '<=', b)
      .where(key, '!=', '');
    if (search) part = part.where(contains(key, search));
    return part;
  });
  if (months) {
    const table = key === 'query' ? 'search_monthly_queries' : 'search_monthly_pages';
    let part = db
      .selectFrom(table)
      .select([sql<string>`${sql.ref(key)}`.as('key'), 'clicks', 'impressions', 'position_sum'])
      .where('site', '=', site)
      .where('source', 'in', sources)
      .where('month', '>=', months[0])
      .where('month', '<=', months[1]);
    if (search) part = part.where(contains(key, search));
    parts.push(part as unknown as (typeof parts)[number]);
  }
  const [first, ...rest] = parts;
  return rest.reduce((union, part) => union.unionAll(part), first!).as('parts');
}

/** Summed per key, biggest first, with the number of keys matching (one pass: a window count over the groups). */
async function keyedList(
  db: Db,
  site: string,
  source: SearchSourceFilter,
  from: string,
  to: string,
  key: 'query' | 'page',
  search: string,
  offset: number,
  limit: number | null,
) {
  const ordered = db
    .selectFrom(keyedParts(db, site, source, from, to, key, search))
    .select(['key', sums.clicks, sums.impressions, sums.position_sum, sql<number>`count(*) over ()`.as('matching')])
    .groupBy('key')
    .orderBy('clicks', 'desc')
    .orderBy('impressions', 'desc')
    .orderBy('key');
  const rows = await (limit === null ? ordered : ordered.limit(limit).offset(offset)).execute();
  if (rows.length > 0 || offset === 0) return { rows, total: Number(rows[0]?.matching ?? 0) };
  // A page past the end: the count alone.
  const count = await db
    .selectFrom(
      db
        .selectFrom(keyedParts(db, site, source, from, to, key, search))
        .select('key')
        .groupBy('key')
        .as('matching'),
    )
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return { rows, total: Number(count?.n ?? 0) };
}

/** A case-insensitive "contains" on a column, with LIKE's wildcards taken literally. */
function contains(column: 'query' | 'page', text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

export async function searchOverview(db: Db, query: SearchQuery, now = Date.now()): Promise<SearchOverview> {
  const range = await searchRange(db, query, now);
  const daily = (from: string, to: string) =>
    db
      .selectFrom('search_daily')
      .where('site', '=', searchSiteOf(query))
      .where('source', 'in', storedSourcesOf[query.source])
      .where('day', '>=', from)
      .where('day', '<=', to);
  const [current, previous, days] = await Promise.all([
    daily(range.from, range.to).select([sums.clicks, sums.impressions, sums.position_sum]).executeTakeFirst(),
    daily(range.previous.from, range.previous.to).select([sums.clicks, sums.impressions, sums.position_sum]).executeTakeFirst(),
    daily(range.from, range.to).select(['day', sums.clicks, sums.impressions, sums.position_sum]).groupBy('day').execute(),
  ]);
  const byDay = new Map(days.map((row) => [row.day, row]));
  const series: SearchPoint[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) series.push({ day, ...figures(byDay.get(day)) });
  return {
    ok: true,
    range: { from: range.from, to: range.to, label: range.label },
    previous: range.previous,
    compare: range.compare,
    totals: figures(current),
    previousTotals: figures(previous),
    series,
    hasData: range.hasData,
    imported: await importedRange(db, query, range),
  };
}

/**
 * The imported export's range when the period shows it: its queries and pages are totals of that range (Search
 * Console gives them no day split; import.mjs stores them on its last day), so the owner is told which days they
 * cover and how many of those the period holds. Null when no export is read or the period holds none of its days.
 */
export async function importedRange(db: Db, query: SearchQuery, range: { from: string; to: string }): Promise<SearchOverview['imported']> {
  if (!storedSourcesOf[query.source].includes('import')) return null;
  // Its day-total rows (no query, no page) span its days.
  const span = await db
    .selectFrom('search_rows')
    .select((eb) => [eb.fn.min('day').as('from'), eb.fn.max('day').as('to')])
    .where('source', '=', 'import')
    .where('query', '=', '')
    .where('page', '=', '')
    .executeTakeFirst();
  const from = span?.from as string | null | undefined;
  const to = span?.to as string | null | undefined;
  if (!from || !to || to < range.from || from > range.to) return null;
  // An import beside the API's days keeps no queries or pages (import.mjs): there are no totals to explain.
  const lists = await db
    .selectFrom('search_rows')
    .select('day')
    .where('source', '=', 'import')
    .where('day', '=', to)
    .where((eb) => eb.or([eb('query', '!=', ''), eb('page', '!=', '')]))
    .limit(1)
    .executeTakeFirst();
  if (!lists) return null;
  const covered = daysBetween(from < range.from ? range.from : from, to > range.to ? range.to : to);
  return { from, to, days: daysBetween(from, to), covered, listed: to >= range.from && to <= range.to };
}

export async function topQueries(db: Db, list: SearchListQuery, now = Date.now()): Promise<SearchListAnswer<SearchQueryRow>> {
  const range = await searchRange(db, list, now);
  const { rows, total } = await keyedList(db, searchSiteOf(list), list.source, range.from, range.to, 'query', list.search, list.offset, list.limit);
  return { ok: true, rows: rows.map((row) => ({ query: row.key, ...figures(row) })), total };
}

/** Search engines as the analytics record a visit's source (the referring domain, or utm_source). */
const searchEngines: Record<SearchSourceFilter, string[]> = { all: ['%google%', '%bing%'], google: ['%google%'], bing: ['%bing%'] };

export async function topPages(db: Db, list: SearchListQuery, now = Date.now()): Promise<SearchListAnswer<SearchPageRow>> {
  return pagesList(db, list, list.offset, list.limit, now);
}

/** Every query of the view's list (a download's rows), in the list's order. */
export async function allQueries(db: Db, list: SearchCsvQuery, now = Date.now()) {
  const range = await searchRange(db, list, now);
  const { rows } = await keyedList(db, searchSiteOf(list), list.source, range.from, range.to, 'query', list.search, 0, null);
  return { range, rows: rows.map((row): SearchQueryRow => ({ query: row.key, ...figures(row) })) };
}

/** Every page of the view's list (a download's rows), in the list's order, joined as the list joins them. */
export async function allPages(db: Db, list: SearchCsvQuery, now = Date.now()) {
  const range = await searchRange(db, list, now);
  return { range, rows: (await pagesList(db, list, 0, null, now)).rows };
}

async function pagesList(db: Db, list: SearchCsvQuery, offset: number, limit: number | null, now: number): Promise<SearchListAnswer<SearchPageRow>> {
  const range = await searchRange(db, list, now);
  const site = searchSiteOf(list);
  const { rows, total } = await keyedList(db, site, list.source, range.from, range.to, 'page', list.search, offset, limit);
  // A client's pages are not this website's: the analytics did not count their visits.
  const unmeasured = { visits: null, enquiries: null, lcpP75: null };
  if (site !== thisSiteId) return { ok: true, rows: rows.map((row) => ({ page: row.key, ...figures(row), ...unmeasured })), total };
  const joined = await pageOutcomes(
    db,
    rows.map((row) => row.key),
    list.source,
    range.from,
    range.to,
  );
  return {
    ok: true,
    rows: rows.map((row) => ({ page: row.key, ...figures(row), ...(joined.get(row.key) ?? { visits: 0, enquiries: 0, lcpP75: null }) })),
    total,
  };
}

/** For each page: visits from search that entered on it, their enquiries, and its p75 LCP, in the period. */
async function pageOutcomes(db: Db, pages: string[], source: SearchSourceFilter, from: string, to: string) {
  const out = new Map<string, { visits: number; enquiries: number; lcpP75: number | null }>();
  if (pages.length === 0) return out;
  // The analytics' own reads: visits from search that entered on each page, and its real-user LCP.
  const [visitsOf, vitals] = await Promise.all([entriesFrom(db, pages, searchEngines[source], from, to), vitalsByPath(db, { from, to }, ['LCP'], pages)]);
  for (const page of pages) {
    const visit = visitsOf.get(page);
    const histogram = vitals.get(`${page}|LCP`)?.histogram;
    out.set(page, {
      visits: Number(visit?.visits ?? 0),
      enquiries: Number(visit?.enquiries ?? 0),
      lcpP75: histogram ? percentile75('LCP', histogram) : null,
    });
  }
  return out;
}

/** A query's position over time and the pages that rank for it; or a page's series, top queries and its changes. */
export async function searchDetail(db: Db, query: SearchQuery, of: { query?: string; page?: string }, now = Date.now()): Promise<SearchDetail> {
  const range = await searchRange(db, query, now);
  const site = searchSiteOf(query);
  const base = rowsIn(db, site, query.source, range.from, range.to);
  const series = async (filtered: typeof base) => {
    const daily = await filtered.select(['day', sums.clicks, sums.impressions, sums.position_sum]).groupBy('day').execute();
    const byDay = new Map(daily.map((row) => [row.day, row]));
    const points: SearchPoint[] = [];
    for (let day = range.from; day <= range.to; day = addDays(day, 1)) points.push({ day, ...figures(byDay.get(day)) });
    return points;
  };
  if (of.query !== undefined) {
    const forQuery = base.where('query', '=', of.query);
    const [points, pages] = await Promise.all([
      series(forQuery),
      forQuery
        .where('page', '!=', '')
        .select(['page', sums.clicks, sums.impressions, sums.position_sum])
        .groupBy('page')
        .orderBy('impressions', 'desc')
        .limit(20)
        .execute(),
    ]);
    return { ok: true, series: points, related: pages.map((row) => ({ key: row.page, ...figures(row) })), changes: [] };
  }
  const page = of.page ?? '';
  const forPage = base.where('page', '=', page);
  const [points, queries, changes] = await Promise.all([
    series(forPage),
    forPage
      .where('query', '!=', '')
      .select(['query', sums.clicks, sums.impressions, sums.position_sum])
      .groupBy('query')
      .orderBy('impressions', 'desc')
      .limit(20)
      .execute(),
    // Up to today: a change made since the last day with data is listed (and marked once its days arrive).
    site === thisSiteId ? pageChanges(db, page, range.from, utcDayOf(now)) : Promise.resolve([]),
  ]);
  return { ok: true, series: points, related: queries.map((row) => ({ key: row.query, ...figures(row) })), changes };
}

/** Days an admin post at this path was published or changed while published, within the period. */
export async function pageChanges(db: Db, page: string, from: string, to: string): Promise<string[]> {
  const slug = page.startsWith(postPath('')) ? page.slice(postPath('').length) : null;
  if (!slug) return [];
  const times = await postChangeTimes(db, slug);
  if (!times) return [];
  const days = new Set<string>();
  for (const at of times) {
    const day = utcDayOf(at);
    if (day >= from && day <= to) days.add(day);
  }
  return [...days].sort();
}

/**
 * Queries new and lost against the period compared (searchRange's `previous`): a query is there in a period when it
 * has clicks or impressions in it, summed as the lists sum them (whole months from the roll-ups).
 */
export async function searchNewLost(db: Db, query: SearchQuery, rowsShown: number, now = Date.now()): Promise<SearchNewLost> {
  const range = await searchRange(db, query, now);
  const site = searchSiteOf(query);
  const seen = sql<number>`sum(clicks) + sum(impressions)`;
  const keysIn = (from: string, to: string) =>
    db
      .selectFrom(keyedParts(db, site, query.source, from, to, 'query'))
      .select('key')
      .groupBy('key')
      .having(seen, '>', 0);
  const onlyIn = async (from: string, to: string, notIn: { from: string; to: string }) => {
    const rows = await db
      .selectFrom(keyedParts(db, site, query.source, from, to, 'query'))
      .select(['key', sums.clicks, sums.impressions, sums.position_sum, sql<number>`count(*) over ()`.as('matching')])
      .where('key', 'not in', keysIn(notIn.from, notIn.to))
      .groupBy('key')
      .having(seen, '>', 0)
      .orderBy('impressions', 'desc')
      .orderBy('clicks', 'desc')
      .orderBy('key')
      .limit(rowsShown)
      .execute();
    return { rows: rows.map((row) => ({ query: row.key, ...figures(row) })), total: Number(rows[0]?.matching ?? 0) };
  };
  const [added, lost] = await Promise.all([onlyIn(range.from, range.to, range.previous), onlyIn(range.previous.from, range.previous.to, range)]);
  return { ok: true, range: { from: range.from, to: range.to }, previous: range.previous, new: added, lost };
}
