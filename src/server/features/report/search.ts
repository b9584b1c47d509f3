/**
 * The report's search section, read through the search feature's public module (src/server/features/search/index.ts)
 * for the report's site (this website's, or a watched client site's, as the Search view's site choice): Google (synced
 * or imported) and Bing together, as the Search view's "Google and Bing". Totals, the top queries and pages and the
 * moves onto and off the first page are the view's own reads for exactly the report's days (`searchTotals`,
 * `searchKeyed`), so a report for any days lists what the view lists for those days.
 *
 * Google's figures arrive 2–3 days late: the section's days end on the last day with data, said in words, and each
 * comparison covers the same number of days. A source left out (its property not shared, not set up, failing, no
 * data) is named with the reason, and the totals say which sources they hold.
 */
import { noData, reportLimits } from '~/config/report';
import { searchSources } from '~/config/search';
import type { ReportPeriod, SearchSection, Section } from '~/lib/report-types';
import type { Db } from '../../db';
import { firstSearchDay, lastSearchDay, searchKeyed, searchSourceStates, searchSourcesWithData, searchTotals } from '../search';
import { comparisons, coveredDays } from './period';

const none = (reason: string): Section<never> => ({ available: false, reason });
const label = (id: 'google' | 'bing') => searchSources.find((s) => s.id === id)!.label;
/** The stored sources behind each source a client knows: an imported export is Google's. */
const engines = [
  { id: 'google', stored: ['google', 'import'] },
  { id: 'bing', stored: ['bing'] },
] as const;

/** Each source without data on those days, and why (the state the search sync recorded for the site). */
async function missingSources(db: Db, site: string, present: string[]) {
  const states = await searchSourceStates(db, site);
  return engines
    .filter((engine) => !engine.stored.some((stored) => present.includes(stored)))
    .map((engine) => {
      const state = states.find((s) => s.source === engine.id)?.state;
      const why = state === 'unshared' || state === 'off' || state === 'error' ? state : state === 'ok' ? 'empty' : 'unread';
      return { source: label(engine.id), reason: noData.searchSource(label(engine.id), why) };
    });
}

/**
 * The section for a site (its search data's key: a watched site's id) and a period. Without data it says why, source
 * by source.
 */
export async function searchSection(db: Db, site: string, period: ReportPeriod, lastDay: string): Promise<Section<SearchSection>> {
  const through = await lastSearchDay(db, site, 'all', lastDay < period.to ? lastDay : period.to);
  const to = through !== null && through >= period.from ? through : period.to;
  const present = await searchSourcesWithData(db, site, 'all', period.from, to);
  const missing = await missingSources(db, site, present);
  const current = present.length === 0 ? null : await searchTotals(db, site, 'all', period.from, to);
  if (!current) return none(missing.length === engines.length ? `${noData.searchPeriod} ${missing.map((m) => m.reason).join(' ')}` : noData.searchPeriod);
  const { previous, lastYear } = comparisons(period, to);
  // A comparison that begins before the site's first day of data holds only part of its days: said beside it.
  const first = await firstSearchDay(db, site, 'all');
  const partly = (days: { from: string; to: string }) => (first !== null && first > days.from && first <= days.to ? first : null);
  const [before, yearAgo, queries, pages, queriesBefore] = await Promise.all([
    searchTotals(db, site, 'all', previous.from, previous.to),
    searchTotals(db, site, 'all', lastYear.from, lastYear.to),
    searchKeyed(db, site, 'all', period.from, to, 'query'),
    searchKeyed(db, site, 'all', period.from, to, 'page', reportLimits.topRows),
    searchKeyed(db, site, 'all', previous.from, previous.to, 'query'),
  ]);
  const top = reportLimits.topPosition;
  const positionBefore = new Map(queriesBefore.map((q) => [q.key, q.position]));
  const positionNow = new Map(queries.map((q) => [q.key, q.position]));
  // On the first page when the average position rounds to a rank on it: 9.96 and 10.1 are both rank 10, so a query
  // moving between them has not left the first page ("from position 10.0 to 10.1" was listed as off it).
  const onFirstPage = (position: number | null | undefined) => position !== null && position !== undefined && Math.round(position) <= top;
  const byImpressions = (a: { impressions: number; key: string }, b: { impressions: number; key: string }) =>
    b.impressions - a.impressions || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const intoTop10 = queries
    .filter((q) => onFirstPage(q.position) && !onFirstPage(positionBefore.get(q.key)))
    .sort(byImpressions)
    .slice(0, reportLimits.movedRows)
    .map((q) => ({ query: q.key, position: q.position, previousPosition: positionBefore.get(q.key) ?? null }));
  const outOfTop10 = queriesBefore
    .filter((q) => onFirstPage(q.position) && !onFirstPage(positionNow.get(q.key)))
    .sort(byImpressions)
    .slice(0, reportLimits.movedRows)
    .map((q) => ({ query: q.key, position: positionNow.get(q.key) ?? null, previousPosition: q.position }));
  return {
    available: true,
    data: {
      sources: engines.filter((engine) => engine.stored.some((stored) => present.includes(stored))).map((engine) => label(engine.id)),
      missing,
      covered: coveredDays(period, to),
      partial: { previous: partly(previous), lastYear: partly(lastYear) },
      current,
      previous: before,
      lastYear: yearAgo,
      topQueries: queries.slice(0, reportLimits.topRows),
      topPages: pages,
      intoTop10,
      outOfTop10,
    },
  };
}

/**
 * What the Sites tab says of a site whose reports leave a search source out ("Search: Bing only — Google property not
 * shared"), from the states the search sync recorded; null when every source is read, or none was ever tried.
 */
export async function searchSourcesNote(db: Db, site: string): Promise<string | null> {
  const states = await searchSourceStates(db, site);
  // A site the search sync has never read says nothing here: the Search tab says what is not set up.
  if (states.length === 0) return null;
  const stateOf = (id: string) => states.find((s) => s.source === id)?.state;
  // Google's figures may come from an imported export instead.
  const read = (engine: (typeof engines)[number]) => engine.stored.some((stored) => stateOf(stored) === 'ok');
  const included = engines.filter(read).map((engine) => label(engine.id));
  const missing = engines
    .filter((engine) => !read(engine))
    .map((engine) => {
      const state = stateOf(engine.id);
      return { source: label(engine.id), why: state === 'unshared' || state === 'off' || state === 'error' ? state : ('unread' as const) };
    });
  return missing.length === 0 ? null : noData.searchSourcesNote(included, missing);
}
