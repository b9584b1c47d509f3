/**
 * The Overview and Performance figures, read from the daily aggregates: a few small indexed reads, however many raw
 * events there have been. Definitions are in src/config/analytics.ts and the README.
 */
import { type Selectable, sql } from 'kysely';
import { analyticsRules, type FormFactor, formFactors, type VitalMetric, vitalMetrics } from '~/config/analytics';
import type { AnalyticsTotals, PerformanceData, VitalSummary, VitalTrend } from '~/lib/admin-types';
import type { Db } from '../../db';
import type { AnalyticsDailyVitalsTable } from '../../db/schema';
import { addDays, dayOf, daysEnding } from '~/lib/days.mjs';
import { type Histogram, mergeInto, percentile75 } from './histogram';

const performanceDays = 30;

export async function totals(db: Db, from: string, to: string): Promise<AnalyticsTotals> {
  const row = await db
    .selectFrom('analytics_daily')
    .select((eb) => [
      eb.fn.sum<number>('page_views').as('pageViews'),
      eb.fn.sum<number>('visitors').as('visitors'),
      eb.fn.sum<number>('visits').as('visits'),
      eb.fn.sum<number>('bounces').as('bounces'),
      eb.fn.sum<number>('engaged_ms').as('engagedMs'),
      eb.fn.sum<number>('conversions').as('conversions'),
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  // SUM over no rows is NULL, and PostgreSQL returns numeric sums as strings.
  return {
    pageViews: Number(row?.pageViews ?? 0),
    visitors: Number(row?.visitors ?? 0),
    visits: Number(row?.visits ?? 0),
    bounces: Number(row?.bounces ?? 0),
    engagedMs: Number(row?.engagedMs ?? 0),
    conversions: Number(row?.conversions ?? 0),
  };
}

/** Visitors active in the last few minutes ("visitors now"), from the raw visits. */
export async function currentVisitors(db: Db, now = Date.now()): Promise<number> {
  const current = await db
    .selectFrom('analytics_visits')
    .select(sql<number>`count(distinct visitor)`.as('count'))
    .where('last_at', '>=', now - analyticsRules.currentWindowMs)
    .executeTakeFirst();
  return Number(current?.count ?? 0);
}

interface VitalsAccumulator {
  samples: number;
  good: number;
  needsImprovement: number;
  poor: number;
  histogram: Histogram;
}

type VitalsRow = Selectable<AnalyticsDailyVitalsTable>;

function summarise(groups: Map<string, VitalsAccumulator>, key: (formFactor: FormFactor, metric: VitalMetric) => string): VitalSummary[] {
  return formFactors.flatMap((ff) =>
    vitalMetrics.map((m) => {
      const acc = groups.get(key(ff.id, m.id));
      const samples = acc?.samples ?? 0;
      return {
        metric: m.id,
        formFactor: ff.id,
        samples,
        p75: acc && samples >= analyticsRules.minVitalSamples ? percentile75(m.id, acc.histogram) : null,
        good: acc?.good ?? 0,
        needsImprovement: acc?.needsImprovement ?? 0,
        poor: acc?.poor ?? 0,
      };
    }),
  );
}

function accumulate(groups: Map<string, VitalsAccumulator>, key: string, row: VitalsRow) {
  let acc = groups.get(key);
  if (!acc) groups.set(key, (acc = { samples: 0, good: 0, needsImprovement: 0, poor: 0, histogram: {} }));
  acc.samples += Number(row.samples);
  acc.good += Number(row.good);
  acc.needsImprovement += Number(row.needs_improvement);
  acc.poor += Number(row.poor);
  mergeInto(acc.histogram, JSON.parse(row.histogram) as Histogram);
}

export async function performanceData(db: Db, now = Date.now()): Promise<PerformanceData> {
  const to = dayOf(now);
  return performanceBetween(db, addDays(to, -performanceDays + 1), to);
}

/** The Performance figures for any span of days (the tab shows the last 30; a client report, its month). */
export async function performanceBetween(db: Db, from: string, to: string): Promise<PerformanceData> {
  const rows = await db.selectFrom('analytics_daily_vitals').selectAll().where('day', '>=', from).where('day', '<=', to).execute();
  const site = new Map<string, VitalsAccumulator>();
  const perPage = new Map<string, Map<string, VitalsAccumulator>>();
  for (const row of rows) {
    const key = `${row.form_factor} ${row.metric}`;
    accumulate(site, key, row);
    let page = perPage.get(row.path);
    if (!page) perPage.set(row.path, (page = new Map()));
    accumulate(page, key, row);
  }
  const keyOf = (ff: FormFactor, metric: VitalMetric) => `${ff} ${metric}`;
  const pages = [...perPage]
    .map(([path, groups]) => ({ path, vitals: summarise(groups, keyOf) }))
    .sort((a, b) => totalSamples(b.vitals) - totalSamples(a.vitals) || a.path.localeCompare(b.path));
  return { from, to, siteWide: summarise(site, keyOf), pages };
}

const totalSamples = (vitals: VitalSummary[]) => vitals.filter((v) => v.metric === 'LCP').reduce((sum, v) => sum + v.samples, 0);

/** Days in each point of a page's trend: one day's samples are too few on a small site. */
export const trendWindowDays = 7;

/** For each of the last 30 days, a page's p75s over the 7 days ending that day. */
export async function vitalTrend(db: Db, path: string, now = Date.now()): Promise<VitalTrend> {
  const to = dayOf(now);
  const days = daysEnding(to, performanceDays);
  const first = addDays(days[0]!, -(trendWindowDays - 1));
  const rows = await db.selectFrom('analytics_daily_vitals').selectAll().where('path', '=', path).where('day', '>=', first).where('day', '<=', to).execute();
  return {
    path,
    windowDays: trendWindowDays,
    days: days.map((day) => {
      const from = addDays(day, -(trendWindowDays - 1));
      const groups = new Map<string, VitalsAccumulator>();
      for (const row of rows) if (row.day >= from && row.day <= day) accumulate(groups, `${row.form_factor} ${row.metric}`, row);
      return { day, vitals: summarise(groups, (ff, metric) => `${ff} ${metric}`) };
    }),
  };
}

/** Page views of each path over the last `days` days, from analytics' daily per-page counts. */
export async function pageViewsByPath(db: Db, sinceDay: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('analytics_daily_breakdown')
    .select(['value', (eb) => eb.fn.sum<number | string>('count').as('views')])
    .where('dimension', '=', 'page')
    .where('day', '>=', sinceDay)
    .groupBy('value')
    .execute();
  return new Map(rows.map((row) => [row.value, Number(row.views)]));
}

/** Whether anything was counted on those days (before the site was measured, a comparison has no data). */
export async function measuredOn(db: Db, from: string, to: string): Promise<boolean> {
  const row = await db.selectFrom('analytics_daily').select('day').where('day', '>=', from).where('day', '<=', to).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Distinct visitors whose visit began in [from, to) (milliseconds). */
export async function visitorsStartedBetween(db: Db, from: number, to: number): Promise<number> {
  const row = await db
    .selectFrom('analytics_visits')
    .select((eb) => eb.fn.count<number>('visitor').distinct().as('visitors'))
    .where('started_at', '>=', from)
    .where('started_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.visitors);
}

/** Real-user vitals per page and metric over some days (or a span), their histograms merged. */
export async function vitalsByPath(
  db: Db,
  days: string[] | { from: string; to: string },
  metrics: VitalMetric[],
  paths?: string[],
): Promise<Map<string, { path: string; metric: VitalMetric; samples: number; histogram: Histogram }>> {
  const merged = new Map<string, { path: string; metric: VitalMetric; samples: number; histogram: Histogram }>();
  if (paths?.length === 0 || (Array.isArray(days) && days.length === 0)) return merged;
  let query = db.selectFrom('analytics_daily_vitals').select(['path', 'metric', 'samples', 'histogram']).where('metric', 'in', metrics);
  query = Array.isArray(days) ? query.where('day', 'in', days) : query.where('day', '>=', days.from).where('day', '<=', days.to);
  if (paths) query = query.where('path', 'in', paths);
  for (const row of await query.execute()) {
    const key = `${row.path}|${row.metric}`;
    const entry = merged.get(key) ?? { path: row.path, metric: row.metric as VitalMetric, samples: 0, histogram: {} };
    entry.samples += Number(row.samples);
    mergeInto(entry.histogram, JSON.parse(row.histogram) as Histogram);
    merged.set(key, entry);
  }
  return merged;
}

/** Per entry page: visits from the given sources (LIKE patterns on the lower-cased source) and their enquiries. */
export async function entriesFrom(db: Db, pages: string[], sourcePatterns: string[], from: string, to: string) {
  if (pages.length === 0) return new Map<string, { visits: number; enquiries: number }>();
  const rows = await db
    .selectFrom('analytics_visits')
    .select((eb) => ['entry_path', eb.fn.countAll().as('visits'), eb.fn.sum('converted').as('enquiries')])
    .where('entry_path', 'in', pages)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where((eb) => eb.or(sourcePatterns.map((pattern) => eb(sql`lower(source)`, 'like', pattern))))
    .groupBy('entry_path')
    .execute();
  return new Map(rows.map((row) => [row.entry_path, { visits: Number(row.visits ?? 0), enquiries: Number(row.enquiries ?? 0) }]));
}
