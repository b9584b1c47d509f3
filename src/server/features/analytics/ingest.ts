/**
 * Analytics ingest: events are queued in memory and written in batches, so a flood of beacons never holds up a page.
 * Each batch, in one transaction, records the raw page views and visits and adds to the daily aggregates that the
 * dashboard reads. The visitor id is a hash of the day's random salt, the site, the client address and the user
 * agent: the address is never stored, and once a salt is deleted (after 48 hours) its ids cannot be recreated.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { analyticsRules, type AnalyticsEvent, type FormFactor, formFactorOf, type ViewportClass, type VitalMetric, vitalMetrics } from '~/config/analytics';
import type { Db, DbKind } from '../../db';
import type { AnalyticsDailyTable, AnalyticsPageViewTable, AnalyticsVisitTable } from '../../db/schema';
import { addDays, dayOf } from './days';
import { ratingOfValue } from '~/lib/analytics-figures';
import { type ClientCaps, createClientCaps } from './client-caps';
import { bucketOf, type Histogram, mergeInto, plausible } from './histogram';

/** A conversion is not a beacon: the contact endpoint reports it for the client that sent the form. */
export type QueuedEvent = AnalyticsEvent | { k: 'c' };

interface Queued {
  event: QueuedEvent;
  address: string;
  userAgent: string;
  at: number;
}

export interface AnalyticsService {
  /** Queues one event; false when it was dropped (not a page of the site, over the client's caps, or the queue full). */
  accept(event: QueuedEvent, client: { address: string; userAgent: string }, at?: number): boolean;
  /** Writes everything queued so far (the dashboard calls it so the owner sees the latest). */
  flush(): Promise<void>;
  /** Deletes raw records past their retention and salts older than 48 hours. */
  cleanUp(now?: number): Promise<void>;
  stop(): Promise<void>;
  /** Events dropped because the queue was full, since start. */
  dropped(): number;
}

export interface AnalyticsOptions {
  db: Db;
  kind: DbKind;
  /** Part of the visitor hash, so the same person on two sites sharing a database is two visitors. */
  siteHost: string;
  retentionDays: number;
  /** The site's pages (`builtPagePaths`): a page view of any other path is not counted. Unset: every path counts. */
  pages?: ReadonlySet<string>;
  /** What one client address may add (`analyticsClientCaps`). Unset: no cap. */
  caps?: ClientCaps;
  flushMs?: number;
  batchSize?: number;
  maxQueue?: number;
}

type VisitRow = AnalyticsVisitTable & { isNew?: boolean; dirty?: boolean };
/** A page view as the batch sees it; `at` is set for the ones recorded in this batch. */
type PageViewRow = Omit<AnalyticsPageViewTable, 'at'> & { at?: number; isNew?: boolean; dirty?: boolean };
type DailyDelta = Omit<AnalyticsDailyTable, 'day'>;
interface VitalsDelta {
  day: string;
  path: string;
  form_factor: FormFactor;
  metric: VitalMetric;
  samples: number;
  good: number;
  needs_improvement: number;
  poor: number;
  histogram: Histogram;
}

const vitalIds = new Set<string>(vitalMetrics.map((m) => m.id));

export function createAnalyticsService(options: AnalyticsOptions): AnalyticsService {
  const { db, kind, siteHost, retentionDays, pages, caps, flushMs = 1000, batchSize = 500, maxQueue = 50_000 } = options;
  const clientCaps = caps ? createClientCaps(caps) : null;
  let queue: Queued[] = [];
  let droppedCount = 0;
  let running: Promise<void> | null = null;
  let stopped = false;
  const salts = new Map<string, string>();

  async function saltFor(day: string, trx: Db): Promise<string> {
    const known = salts.get(day);
    if (known) return known;
    await trx
      .insertInto('analytics_salts')
      .values({ day, salt: randomBytes(32).toString('hex'), created_at: Date.now() })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await trx.selectFrom('analytics_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    salts.set(day, row.salt);
    return row.salt;
  }

  const visitorId = (salt: string, item: Queued) =>
    createHash('sha256').update(`${salt}\n${siteHost}\n${item.address}\n${item.userAgent}`).digest('base64url').slice(0, 32);

  async function writeBatch(batch: Queued[]) {
    await db.transaction().execute(async (trx) => {
      // One writer at a time across server processes sharing PostgreSQL, so two never open the same visit twice.
      if (kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('hale-digital analytics'))`.execute(trx);
      const items: (Queued & { day: string; visitor: string })[] = [];
      for (const item of batch) {
        const day = dayOf(item.at);
        items.push({ ...item, day, visitor: visitorId(await saltFor(day, trx), item) });
      }

      const earliest = Math.min(...items.map((i) => i.at)) - analyticsRules.visitGapMs;
      const visitors = [...new Set(items.map((i) => i.visitor))];
      const viewIds = [...new Set(items.flatMap((i) => (i.event.k === 'c' ? [] : [i.event.id])))];
      const pageViews = new Map<string, PageViewRow>();
      for (const ids of chunks(viewIds)) {
        for (const row of await trx
          .selectFrom('analytics_page_views')
          .select(['id', 'visit_id', 'day', 'path', 'viewport', 'engaged_ms', 'metrics'])
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
      // The visitor's latest visit, whichever process opened it.
      const currentVisit = new Map<string, VisitRow>();
      for (const visit of visitsById.values()) {
        const known = currentVisit.get(visit.visitor);
        if (!known || known.last_at < visit.last_at) currentVisit.set(visit.visitor, visit);
      }

      const daily = new Map<string, DailyDelta>();
      const dailyOf = (day: string) => {
        let delta = daily.get(day);
        if (!delta) daily.set(day, (delta = { page_views: 0, visitors: 0, visits: 0, bounces: 0, engaged_ms: 0, conversions: 0 }));
        return delta;
      };
      const breakdown = new Map<string, number>();
      const countIn = (day: string, dimension: string, value: string) => {
        const key = JSON.stringify([day, dimension, value]);
        breakdown.set(key, (breakdown.get(key) ?? 0) + 1);
      };
      const vitals = new Map<string, VitalsDelta>();
      const newVisitors: { day: string; visitor: string }[] = [];
      const seenVisitors = new Set<string>();
      const conversions: { day: string; visitor: string }[] = [];

      for (const item of items) {
        const { event, day, visitor, at } = item;
        if (event.k === 'v') {
          if (pageViews.has(event.id)) continue; // the same beacon twice
          let visit = currentVisit.get(visitor);
          if (!visit || visit.day !== day || at - visit.last_at > analyticsRules.visitGapMs) {
            const campaign = event.us || event.um || event.uc ? [event.us ?? '', event.um ?? '', event.uc ?? ''].join(' / ') : null;
            visit = {
              id: randomUUID(),
              visitor,
              day,
              started_at: at,
              last_at: at,
              page_views: 0,
              engaged_ms: 0,
              entry_path: event.p,
              referrer: event.r ?? null,
              campaign,
              viewport: event.w,
              converted: 0,
              isNew: true,
            };
            visitsById.set(visit.id, visit);
            currentVisit.set(visitor, visit);
            const delta = dailyOf(day);
            delta.visits++;
            delta.bounces++;
            countIn(day, 'entry', event.p);
            countIn(day, 'referrer', event.r ?? '');
            if (campaign) countIn(day, 'campaign', campaign);
            countIn(day, 'device', event.w);
          } else if (visit.page_views === 1) {
            dailyOf(visit.day).bounces--; // a second page view: no longer a bounce
          }
          visit.page_views++;
          visit.last_at = Math.max(visit.last_at, at);
          visit.dirty = true;
          const visitorKey = `${day}\n${visitor}`;
          if (!seenVisitors.has(visitorKey)) {
            seenVisitors.add(visitorKey);
            newVisitors.push({ day, visitor });
          }
          dailyOf(day).page_views++;
          countIn(day, 'page', event.p);
          pageViews.set(event.id, { id: event.id, visit_id: visit.id, day, path: event.p, viewport: event.w, engaged_ms: 0, metrics: '', at, isNew: true });
        } else if (event.k === 'e') {
          const view = pageViews.get(event.id);
          if (!view) continue; // its page view was never counted (a bot, the owner, or long gone)
          const visit = visitsById.get(view.visit_id);
          const engaged = Math.max(0, Math.min(Math.round(event.t), analyticsRules.maxEngagedMs - view.engaged_ms));
          if (engaged > 0) {
            view.engaged_ms += engaged;
            view.dirty = true;
            if (visit) {
              visit.engaged_ms += engaged;
              visit.dirty = true;
              dailyOf(visit.day).engaged_ms += engaged;
            }
          }
          if (visit && at - visit.last_at <= analyticsRules.visitGapMs) {
            visit.last_at = Math.max(visit.last_at, at);
            visit.dirty = true;
          }
          const recorded = new Set(view.metrics ? view.metrics.split(',') : []);
          for (const [name, sample] of Object.entries(event.m ?? {})) {
            const metric = name as VitalMetric;
            if (!vitalIds.has(metric) || recorded.has(metric) || !Array.isArray(sample) || !plausible(metric, sample[0])) continue;
            recorded.add(metric);
            const formFactor = formFactorOf(view.viewport as ViewportClass);
            const key = JSON.stringify([view.day, view.path, formFactor, metric]);
            let delta = vitals.get(key);
            if (!delta) {
              delta = { day: view.day, path: view.path, form_factor: formFactor, metric, samples: 0, good: 0, needs_improvement: 0, poor: 0, histogram: {} };
              vitals.set(key, delta);
            }
            const value = sample[0];
            delta.samples++;
            const rating = ratingOfValue(metric, value);
            if (rating === 'good') delta.good++;
            else if (rating === 'poor') delta.poor++;
            else delta.needs_improvement++;
            const bucket = String(bucketOf(metric, value));
            delta.histogram[bucket] = (delta.histogram[bucket] ?? 0) + 1;
            view.metrics = [...recorded].join(',');
            view.dirty = true;
          }
        } else {
          // A conversion belongs to the visitor's current visit; without one (no page view counted) it is not counted.
          const visit = currentVisit.get(visitor);
          if (visit && visit.day === day && at - visit.last_at <= analyticsRules.visitGapMs && !visit.converted) {
            visit.converted = 1;
            visit.last_at = Math.max(visit.last_at, at);
            visit.dirty = true;
            conversions.push({ day, visitor });
          }
        }
      }

      for (const { day, visitor } of newVisitors) {
        const inserted = await trx
          .insertInto('analytics_visitors')
          .values({ day, visitor, converted: 0 })
          .onConflict((oc) => oc.columns(['day', 'visitor']).doNothing())
          .returning('visitor')
          .executeTakeFirst();
        if (inserted) dailyOf(day).visitors++;
      }
      for (const { day, visitor } of conversions) {
        const updated = await trx
          .updateTable('analytics_visitors')
          .set({ converted: 1 })
          .where('day', '=', day)
          .where('visitor', '=', visitor)
          .where('converted', '=', 0)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) > 0) dailyOf(day).conversions++;
      }

      for (const visit of visitsById.values()) {
        if (!visit.dirty) continue;
        const { isNew, dirty, ...row } = visit;
        void dirty;
        if (isNew) await trx.insertInto('analytics_visits').values(row).execute();
        else
          await trx
            .updateTable('analytics_visits')
            .set({ page_views: row.page_views, last_at: row.last_at, engaged_ms: row.engaged_ms, converted: row.converted })
            .where('id', '=', row.id)
            .execute();
      }
      const newViews = [...pageViews.values()].filter((v) => v.isNew);
      for (const rows of chunks(newViews, 100)) {
        await trx
          .insertInto('analytics_page_views')
          .values(
            rows.map(({ id, visit_id, day, path, viewport, engaged_ms, metrics, at }) => ({ id, visit_id, day, path, viewport, engaged_ms, metrics, at: at! })),
          )
          .execute();
      }
      for (const view of pageViews.values()) {
        if (view.isNew || !view.dirty) continue;
        await trx.updateTable('analytics_page_views').set({ engaged_ms: view.engaged_ms, metrics: view.metrics }).where('id', '=', view.id).execute();
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
    });
  }

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize);
      queue = queue.slice(batch.length);
      try {
        await writeBatch(batch);
      } catch (error) {
        // Analytics never takes the site down: a failed batch is reported and dropped, the next one tries again.
        droppedCount += batch.length;
        console.error(`[analytics] ${batch.length} events not recorded: ${error instanceof Error ? error.message : String(error)}`);
      }
      // Let requests in between batches: better-sqlite3 writes hold the event loop.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async function flush(): Promise<void> {
    // One drain at a time; a caller arriving meanwhile waits for it, then writes what is left.
    while (running) await running;
    if (queue.length === 0) return;
    running = drain().finally(() => {
      running = null;
    });
    await running;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    accept(event, client, at = Date.now()) {
      // Only page views make visitors and views; engagement and conversions attach to one already counted.
      if (event.k === 'v' && ((pages && !pages.has(event.p)) || (clientCaps && !clientCaps.admitPageView(client.address, client.userAgent, at)))) {
        return false;
      }
      if (stopped || queue.length >= maxQueue) {
        droppedCount++;
        return false;
      }
      queue.push({ event, address: client.address, userAgent: client.userAgent, at });
      if (queue.length >= batchSize) void flush();
      return true;
    },
    flush,
    async cleanUp(now = Date.now()) {
      const oldestKept = addDays(dayOf(now), -retentionDays + 1);
      await db.deleteFrom('analytics_page_views').where('day', '<', oldestKept).execute();
      await db.deleteFrom('analytics_visits').where('day', '<', oldestKept).execute();
      // A salt and the visitor ids made with it go together.
      const expired = await db
        .selectFrom('analytics_salts')
        .select('day')
        .where('created_at', '<', now - analyticsRules.saltMaxAgeMs)
        .execute();
      for (const { day } of expired) {
        await db.deleteFrom('analytics_visitors').where('day', '=', day).execute();
        await db.deleteFrom('analytics_salts').where('day', '=', day).execute();
        salts.delete(day);
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await flush();
    },
    dropped: () => droppedCount,
  };
}

function chunks<T>(items: T[], size = 400): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
