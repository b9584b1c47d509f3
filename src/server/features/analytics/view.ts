/**
 * The Overview for any period and filter: figures against the period before, the chart (a day a point, a month a
 * point beyond `monthlyAfterDays`) and every list in full. Unfiltered, all of it comes from the daily totals, kept for
 * good, so any period works; filtered, it is counted from the raw visits, which are kept `retentionDays`, and says so.
 */
import { analyticsPeriods, analyticsView as limits, type BreakdownDimension, breakdowns, formFactorOf, goals, type ViewportClass } from '~/config/analytics';
import type { AnalyticsQuery } from '~/lib/analytics-query';
import { rowLabel } from '~/lib/analytics-labels';
import type { AnalyticsPoint, AnalyticsRow, AnalyticsTotals, AnalyticsView } from '~/lib/admin-types';
import { formatShortDay } from '~/lib/format';
import type { Db } from '../../db';
import type { AnalyticsVisitTable } from '../../db/schema';
import { addDays, dayOf, daysBetween, daysEnding } from '~/lib/days.mjs';
import { totals } from './report';

export interface ViewOptions {
  retentionDays: number;
  /** A page's title by its path, when known. */
  titles?: Map<string, string>;
  now?: number;
}

type Counts = Map<string, number>;
const pageDimensions = new Set<BreakdownDimension>(['page', 'entry', 'exit']);

function range(query: AnalyticsQuery, today: string) {
  if (query.period === 'custom') {
    const label = query.from === query.to ? formatShortDay(query.from!) : `${formatShortDay(query.from!)} – ${formatShortDay(query.to!)}`;
    return { from: query.from!, to: query.to!, label };
  }
  const period = analyticsPeriods.find((p) => p.id === query.period)!;
  return { from: addDays(today, -period.days + 1), to: today, label: period.label };
}

function rowsOf(dimension: BreakdownDimension, counts: Counts, titles?: Map<string, string>): AnalyticsRow[] {
  return [...counts]
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, limits.fullListLimit)
    .map(([value, count]) => {
      const title = pageDimensions.has(dimension) ? titles?.get(value) : undefined;
      return { value, label: rowLabel(dimension, value), count, ...(title ? { title } : {}) };
    });
}

/** Days grouped into the chart's points, oldest first. */
function buckets(from: string, to: string, unit: 'day' | 'month') {
  const days = daysEnding(to, daysBetween(from, to));
  if (unit === 'day') return days.map((day) => ({ from: day, to: day, days: [day] }));
  const months = new Map<string, string[]>();
  for (const day of days) {
    const key = day.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), day]);
  }
  return [...months.values()].map((list) => ({ from: list[0]!, to: list.at(-1)!, days: list }));
}

/** Goals from the daily totals: 404 visits by path and referrer, outbound clicks by site, the clicks counted. */
async function goalFigures(db: Db, from: string, to: string) {
  const rows = await db
    .selectFrom('analytics_daily_breakdown')
    .select((eb) => ['dimension', 'value', eb.fn.sum<number>('count').as('total')])
    .where('dimension', 'in', ['goal', 'notFound', 'outbound'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['dimension', 'value'])
    .execute();
  const of = (dimension: string) => rows.filter((r) => r.dimension === dimension).map((r) => ({ value: r.value, count: Number(r.total) }));
  const notFound = of('notFound').map(({ value, count }) => {
    const [path = '', referrer = ''] = JSON.parse(value) as [string, string];
    return { path, referrer, count };
  });
  const counts = new Map<string, number>(of('goal').map((r) => [r.value, r.count]));
  counts.set(
    'notFound',
    notFound.reduce((sum, r) => sum + r.count, 0),
  );
  return { counts, notFound, outbound: new Map(of('outbound').map((r) => [r.value, r.count])) };
}

/** Each list from the daily totals. Form factors are the devices, grouped. */
async function storedLists(db: Db, from: string, to: string): Promise<Record<BreakdownDimension, Counts>> {
  const rows = await db
    .selectFrom('analytics_daily_breakdown')
    .select((eb) => ['dimension', 'value', eb.fn.sum<number>('count').as('total')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['dimension', 'value'])
    .execute();
  const lists = Object.fromEntries(breakdowns.map((b) => [b.id, new Map()])) as Record<BreakdownDimension, Counts>;
  for (const row of rows) {
    const list = lists[row.dimension as BreakdownDimension];
    if (list) list.set(row.value, Number(row.total));
  }
  for (const [device, count] of lists.device) {
    const ff = formFactorOf(device as ViewportClass);
    lists.formFactor.set(ff, (lists.formFactor.get(ff) ?? 0) + count);
  }
  return lists;
}

type Visit = Pick<
  AnalyticsVisitTable,
  'id' | 'visitor' | 'day' | 'page_views' | 'engaged_ms' | 'entry_path' | 'campaign' | 'viewport' | 'converted' | 'source' | 'browser' | 'exit_path'
>;

/** The value a visit has for a dimension (a page: every page it viewed). */
function valuesOf(visit: Visit, dimension: BreakdownDimension, pages: string[]): string[] {
  switch (dimension) {
    case 'page':
      return pages;
    case 'entry':
      return [visit.entry_path];
    case 'exit': {
      const exit = visit.exit_path ?? (Number(visit.page_views) <= 1 ? visit.entry_path : null);
      return exit ? [exit] : [];
    }
    case 'source':
      return [visit.source ?? ''];
    case 'campaign':
      return visit.campaign ? [visit.campaign] : [];
    case 'browser':
      return visit.browser ? [visit.browser] : [];
    case 'device':
      return [visit.viewport];
    case 'formFactor':
      return [formFactorOf(visit.viewport as ViewportClass)];
  }
}

/** Figures, chart and lists counted from raw visits that match the filter. */
async function rawView(db: Db, query: AnalyticsQuery, first: string, last: string) {
  const filter = query.filter!;
  const visits = await db
    .selectFrom('analytics_visits')
    .select(['id', 'visitor', 'day', 'page_views', 'engaged_ms', 'entry_path', 'campaign', 'viewport', 'converted', 'source', 'browser', 'exit_path'])
    .where('day', '>=', first)
    .where('day', '<=', last)
    .execute();
  const views = await db.selectFrom('analytics_page_views').select(['visit_id', 'path']).where('day', '>=', first).where('day', '<=', last).execute();
  const pagesOf = new Map<string, string[]>();
  for (const view of views) pagesOf.set(view.visit_id, [...(pagesOf.get(view.visit_id) ?? []), view.path]);
  const matched = visits.filter((visit) => valuesOf(visit, filter.dimension, pagesOf.get(visit.id) ?? []).includes(filter.value));

  function totalsOf(from: string, to: string): AnalyticsTotals & { byDay: Map<string, { visitors: Set<string>; pageViews: number }> } {
    const byDay = new Map<string, { visitors: Set<string>; pageViews: number }>();
    const visitors = new Set<string>();
    const converted = new Set<string>();
    let pageViews = 0;
    let bounces = 0;
    let engagedMs = 0;
    let count = 0;
    for (const visit of matched) {
      if (visit.day < from || visit.day > to) continue;
      count++;
      const who = `${visit.day}\n${visit.visitor}`;
      visitors.add(who);
      if (Number(visit.converted)) converted.add(who);
      if (Number(visit.page_views) === 1) bounces++;
      engagedMs += Number(visit.engaged_ms);
      // Filtered by a page, its page views are those of that page.
      const viewed = (pagesOf.get(visit.id) ?? []).filter((p) => filter.dimension !== 'page' || p === filter.value).length;
      pageViews += viewed;
      const day = byDay.get(visit.day) ?? { visitors: new Set<string>(), pageViews: 0 };
      day.visitors.add(visit.visitor);
      day.pageViews += viewed;
      byDay.set(visit.day, day);
    }
    return { pageViews, visitors: visitors.size, visits: count, bounces, engagedMs, conversions: converted.size, byDay };
  }

  function listsOf(from: string, to: string) {
    const lists = Object.fromEntries(breakdowns.map((b) => [b.id, new Map()])) as Record<BreakdownDimension, Counts>;
    for (const visit of matched) {
      if (visit.day < from || visit.day > to) continue;
      for (const b of breakdowns) {
        // Pages count page views; the others count visits. Filtered by a page, the pages list holds that page's views
        // alone, as the figures above count them (not the other pages its visits went on to).
        const values = valuesOf(visit, b.id, pagesOf.get(visit.id) ?? []).filter((v) => b.id !== 'page' || filter.dimension !== 'page' || v === filter.value);
        for (const value of values) lists[b.id].set(value, (lists[b.id].get(value) ?? 0) + 1);
      }
    }
    return lists;
  }
  return { totalsOf, listsOf };
}

export async function analyticsViewOf(db: Db, query: AnalyticsQuery, options: ViewOptions): Promise<AnalyticsView> {
  const today = dayOf(options.now ?? Date.now());
  const { from, to, label } = range(query, today);
  const span = daysBetween(from, to);
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(previousTo, -span + 1);
  const unit = span > limits.monthlyAfterDays ? 'month' : 'day';
  const rawFrom = addDays(today, -options.retentionDays + 1);
  const points = buckets(from, to, unit);
  let current: AnalyticsTotals;
  let previous: AnalyticsTotals;
  let lists: Record<BreakdownDimension, Counts>;
  let series: AnalyticsPoint[];
  if (query.filter) {
    const raw = await rawView(db, query, rawFrom > previousFrom ? rawFrom : previousFrom, to);
    const { byDay, ...now } = raw.totalsOf(from, to);
    const { byDay: _before, ...before } = raw.totalsOf(previousFrom, previousTo);
    current = now;
    previous = before;
    lists = raw.listsOf(from, to);
    series = points.map((point) => {
      const visitors = new Set<string>();
      let pageViews = 0;
      for (const day of point.days) {
        const figures = byDay.get(day);
        for (const v of figures?.visitors ?? []) visitors.add(`${day}\n${v}`);
        pageViews += figures?.pageViews ?? 0;
      }
      return { from: point.from, to: point.to, visitors: visitors.size, pageViews };
    });
  } else {
    [current, previous, lists] = await Promise.all([totals(db, from, to), totals(db, previousFrom, previousTo), storedLists(db, from, to)]);
    const rows = await db.selectFrom('analytics_daily').select(['day', 'visitors', 'page_views']).where('day', '>=', from).where('day', '<=', to).execute();
    const byDay = new Map(rows.map((r) => [r.day, r]));
    // A visitor is counted once a day: a month's point adds its days, as the period's total does.
    series = points.map((point) => ({
      from: point.from,
      to: point.to,
      visitors: point.days.reduce((sum, day) => sum + Number(byDay.get(day)?.visitors ?? 0), 0),
      pageViews: point.days.reduce((sum, day) => sum + Number(byDay.get(day)?.page_views ?? 0), 0),
    }));
  }
  const [goalsNow, goalsBefore] = await Promise.all([goalFigures(db, from, to), goalFigures(db, previousFrom, previousTo)]);
  return {
    query,
    label,
    today,
    from,
    to,
    previousFrom,
    previousTo,
    current,
    previous,
    unit,
    series,
    lists: Object.fromEntries(breakdowns.map((b) => [b.id, rowsOf(b.id, lists[b.id], options.titles)])) as AnalyticsView['lists'],
    goals: goals.map((g) => ({ id: g.id, count: goalsNow.counts.get(g.id) ?? 0, previous: goalsBefore.counts.get(g.id) ?? 0 })),
    notFound: goalsNow.notFound.sort((a, b) => b.count - a.count || a.path.localeCompare(b.path)).slice(0, limits.fullListLimit),
    outbound: [...goalsNow.outbound]
      .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
      .slice(0, limits.fullListLimit)
      .map(([value, count]) => ({ value, label: value, count })),
    retentionDays: options.retentionDays,
    rawFrom,
  };
}
