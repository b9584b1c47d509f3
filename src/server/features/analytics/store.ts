/** Reads what a batch of analytics events touches, and saves what their fold changed, inside the batch's transaction. */
import type { Db } from '../../db';
import { analyticsRules } from '~/config/analytics';
import { type DatedEvent, emptyDaily, type Fold, type KnownRecords, type PageViewRow, type VisitRow } from './fold';
import { type Histogram, mergeInto } from './histogram';

/** The page views the batch's beacons name, and its visitors' visits recent enough to continue (or named by a view). */
export async function loadKnown(trx: Db, items: DatedEvent[]): Promise<KnownRecords> {
  const earliest = Math.min(...items.map((i) => i.at)) - analyticsRules.visitGapMs;
  const visitors = [...new Set(items.map((i) => i.visitor))];
  const viewIds = [...new Set(items.flatMap((i) => ('id' in i.event ? [i.event.id] : [])))];
  const pageViews = new Map<string, PageViewRow>();
  for (const ids of chunks(viewIds)) {
    for (const row of await trx
      .selectFrom('analytics_page_views')
      .select(['id', 'visit_id', 'day', 'path', 'viewport', 'engaged_ms', 'metrics', 'goals'])
      .where('id', 'in', ids)
      .execute()) {
      pageViews.set(row.id, row);
    }
  }
  const visitsById = new Map<string, VisitRow>();
  for (const ids of chunks(visitors)) {
    const rows = await trx.selectFrom('analytics_visits').selectAll().where('visitor', 'in', ids).where('last_at', '>=', earliest).execute();
    for (const row of rows) visitsById.set(row.id, row);
  }
  const visitIdsOfViews = [...new Set([...pageViews.values()].map((v) => v.visit_id))].filter((id) => !visitsById.has(id));
  for (const ids of chunks(visitIdsOfViews)) {
    for (const row of await trx.selectFrom('analytics_visits').selectAll().where('id', 'in', ids).execute()) visitsById.set(row.id, row);
  }
  return { pageViews, visitsById };
}

/** Writes the fold: new and changed visits and page views, then adds to the daily figures, breakdowns and vitals. */
export async function saveFold(trx: Db, fold: Fold): Promise<void> {
  const { pageViews, visitsById, daily, breakdown, vitals, newVisitors, conversions } = fold;
  const dailyOf = (day: string) => {
    let delta = daily.get(day);
    if (!delta) daily.set(day, (delta = emptyDaily()));
    return delta;
  };
  // Many rows a statement: a flood of new visitors costs a few statements a batch, not a few an event.
  for (const rows of chunks(newVisitors, 200)) {
    const inserted = await trx
      .insertInto('analytics_visitors')
      .values(rows.map(({ day, visitor }) => ({ day, visitor, converted: 0 })))
      .onConflict((oc) => oc.columns(['day', 'visitor']).doNothing())
      .returning('day')
      .execute();
    for (const { day } of inserted) dailyOf(day).visitors++;
  }
  for (const { day, visitor, lead } of conversions) {
    // Remembered per enquiry, so marking one as spam takes it back (conversions.ts); a visitor converts a day once.
    if (lead)
      await trx
        .insertInto('analytics_conversions')
        .values({ lead_id: lead, day, visitor, spam: 0 })
        .onConflict((oc) => oc.column('lead_id').doNothing())
        .execute();
    const updated = await trx
      .updateTable('analytics_visitors')
      .set({ converted: 1 })
      .where('day', '=', day)
      .where('visitor', '=', visitor)
      .where('converted', '=', 0)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) dailyOf(day).conversions++;
  }

  const changedVisits = [...visitsById.values()].filter((visit) => visit.dirty).map(({ isNew, dirty: _dirty, ...row }) => ({ isNew, row }));
  for (const rows of chunks(
    changedVisits.filter((visit) => visit.isNew),
    100,
  )) {
    await trx
      .insertInto('analytics_visits')
      .values(rows.map((visit) => visit.row))
      .execute();
  }
  for (const { row } of changedVisits.filter((visit) => !visit.isNew)) {
    await trx
      .updateTable('analytics_visits')
      .set({ page_views: row.page_views, last_at: row.last_at, engaged_ms: row.engaged_ms, converted: row.converted, exit_path: row.exit_path })
      .where('id', '=', row.id)
      .execute();
  }
  const newViews = [...pageViews.values()].filter((v) => v.isNew);
  for (const rows of chunks(newViews, 100)) {
    await trx
      .insertInto('analytics_page_views')
      .values(
        rows.map(({ id, visit_id, day, path, viewport, engaged_ms, metrics, goals, at }) => ({
          id,
          visit_id,
          day,
          path,
          viewport,
          engaged_ms,
          metrics,
          goals,
          at: at!,
        })),
      )
      .execute();
  }
  for (const view of pageViews.values()) {
    if (view.isNew || !view.dirty) continue;
    await trx
      .updateTable('analytics_page_views')
      .set({ engaged_ms: view.engaged_ms, metrics: view.metrics, goals: view.goals })
      .where('id', '=', view.id)
      .execute();
  }

  for (const [day, delta] of daily) {
    await trx
      .insertInto('analytics_daily')
      .values({ day, ...delta })
      .onConflict((oc) =>
        oc.column('day').doUpdateSet((eb) => ({
          page_views: eb('analytics_daily.page_views', '+', eb.ref('excluded.page_views')),
          visitors: eb('analytics_daily.visitors', '+', eb.ref('excluded.visitors')),
          visits: eb('analytics_daily.visits', '+', eb.ref('excluded.visits')),
          bounces: eb('analytics_daily.bounces', '+', eb.ref('excluded.bounces')),
          engaged_ms: eb('analytics_daily.engaged_ms', '+', eb.ref('excluded.engaged_ms')),
          conversions: eb('analytics_daily.conversions', '+', eb.ref('excluded.conversions')),
        })),
      )
      .execute();
  }
  const breakdownRows = [...breakdown].map(([key, count]) => {
    const [day, dimension, value] = JSON.parse(key) as [string, string, string];
    return { day, dimension, value, count };
  });
  for (const rows of chunks(breakdownRows, 200)) {
    await trx
      .insertInto('analytics_daily_breakdown')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['day', 'dimension', 'value']).doUpdateSet((eb) => ({ count: eb('analytics_daily_breakdown.count', '+', eb.ref('excluded.count')) })),
      )
      .execute();
  }
  for (const delta of vitals.values()) {
    const existing = await trx
      .selectFrom('analytics_daily_vitals')
      .select(['samples', 'good', 'needs_improvement', 'poor', 'histogram'])
      .where('day', '=', delta.day)
      .where('path', '=', delta.path)
      .where('form_factor', '=', delta.form_factor)
      .where('metric', '=', delta.metric)
      .executeTakeFirst();
    const histogram: Histogram = existing ? (JSON.parse(existing.histogram) as Histogram) : {};
    mergeInto(histogram, delta.histogram);
    const totals = {
      samples: delta.samples + Number(existing?.samples ?? 0),
      good: delta.good + Number(existing?.good ?? 0),
      needs_improvement: delta.needs_improvement + Number(existing?.needs_improvement ?? 0),
      poor: delta.poor + Number(existing?.poor ?? 0),
      histogram: JSON.stringify(histogram),
    };
    if (existing)
      await trx
        .updateTable('analytics_daily_vitals')
        .set(totals)
        .where('day', '=', delta.day)
        .where('path', '=', delta.path)
        .where('form_factor', '=', delta.form_factor)
        .where('metric', '=', delta.metric)
        .execute();
    else
      await trx
        .insertInto('analytics_daily_vitals')
        .values({ day: delta.day, path: delta.path, form_factor: delta.form_factor, metric: delta.metric, ...totals })
        .execute();
  }
}

export function chunks<T>(items: T[], size = 400): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
