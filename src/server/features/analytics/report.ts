/**
 * The Overview and Performance figures, read from the daily aggregates: a few small indexed reads, however many raw
 * events there have been. Definitions are in src/config/analytics.ts and the README.
 */
import { type Selectable, sql } from 'kysely';
import { analyticsRules, type FormFactor, formFactors, type VitalMetric, vitalMetrics } from '~/config/analytics';
import type { AnalyticsTotals, PerformanceData, VitalSummary, VitalTrend } from '~/lib/admin-types';
import type { Db } from '../../db';
import type { AnalyticsDailyVitalsTable } from '../../db/schema';
import { addDays, dayOf, daysEnding } from './days';
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
