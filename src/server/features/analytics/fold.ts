/**
 * The fold of a batch of analytics events into the records they change: pure, so what a page view, an engagement
 * beacon or a conversion does to visits, page views and the day's figures is tested without a database. The caller
 * loads what the batch touches (its page views, the visitors' recent visits), folds, then saves (store.ts).
 */
import { analyticsRules, type AnalyticsEvent, type FormFactor, formFactorOf, type ViewportClass, type VitalMetric, vitalMetrics } from '~/config/analytics';
import { ratingOfValue } from '~/lib/analytics-figures';
import type { AnalyticsDailyTable, AnalyticsPageViewTable, AnalyticsVisitTable } from '../../db/schema';
import { bucketOf, type Histogram, plausible } from './histogram';

/**
 * A conversion is not a beacon: the contact endpoint reports it for the client that sent the form, naming the stored
 * enquiry so that marking it as spam can take the conversion back.
 */
export type QueuedEvent = AnalyticsEvent | { k: 'c'; lead?: string } | NotFoundEvent;
/** A page view of a path the site does not have (its 404 page sent it): counted apart from pages, by path and referrer. */
export interface NotFoundEvent {
  k: 'n';
  p: string;
  r?: string;
}

/** An event with its day and the visitor id made for it. */
export interface DatedEvent {
  event: QueuedEvent;
  at: number;
  day: string;
  visitor: string;
  /** The browser's name by its user agent (`browserOf`); the agent itself is never stored. */
  browser?: string;
}

export type VisitRow = AnalyticsVisitTable & { isNew?: boolean; dirty?: boolean };
/** A page view as the batch sees it; `at` is set for the ones recorded in this batch. */
export type PageViewRow = Omit<AnalyticsPageViewTable, 'at'> & { at?: number; isNew?: boolean; dirty?: boolean };
export type DailyDelta = Omit<AnalyticsDailyTable, 'day'>;
export interface VitalsDelta {
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

/** What the batch found stored: the page views its beacons name, and its visitors' visits (recent or named). */
export interface KnownRecords {
  pageViews: Map<string, PageViewRow>;
  visitsById: Map<string, VisitRow>;
}

export interface Fold extends KnownRecords {
  /** Additions to each day's figures; `visitors` and `conversions` are added by the store, which knows who is new. */
  daily: Map<string, DailyDelta>;
  /** Counts to add per [day, dimension, value], keyed by their JSON. */
  breakdown: Map<string, number>;
  vitals: Map<string, VitalsDelta>;
  /** Visitors seen per day in this batch: new to the day unless the store already has them. */
  newVisitors: { day: string; visitor: string }[];
  /** Enquiries sent during a counted visit in this batch (`first`: the visit had not converted before). */
  conversions: { day: string; visitor: string; lead?: string; first: boolean }[];
}

const vitalIds = new Set<string>(vitalMetrics.map((m) => m.id));

/** Folds the events, in order, into the known records (changed in place, marked new or dirty). */
export function foldEvents(items: DatedEvent[], known: KnownRecords, newId: () => string): Fold {
  const { pageViews, visitsById } = known;
  // The visitor's latest visit, whichever process opened it.
  const currentVisit = new Map<string, VisitRow>();
  for (const visit of visitsById.values()) {
    const seen = currentVisit.get(visit.visitor);
    if (!seen || seen.last_at < visit.last_at) currentVisit.set(visit.visitor, visit);
  }

  const daily = new Map<string, DailyDelta>();
  const dailyOf = (day: string) => {
    let delta = daily.get(day);
    if (!delta) daily.set(day, (delta = emptyDaily()));
    return delta;
  };
  const breakdown = new Map<string, number>();
  const countIn = (day: string, dimension: string, value: string, by = 1) => {
    const key = JSON.stringify([day, dimension, value]);
    breakdown.set(key, (breakdown.get(key) ?? 0) + by);
  };
  const vitals = new Map<string, VitalsDelta>();
  const newVisitors: { day: string; visitor: string }[] = [];
  const seenVisitors = new Set<string>();
  const conversions: Fold['conversions'] = [];

  for (const item of items) {
    const { event, day, visitor, at } = item;
    if (event.k === 'v') {
      if (pageViews.has(event.id)) continue; // the same beacon twice
      let visit = currentVisit.get(visitor);
      if (!visit || visit.day !== day || at - visit.last_at > analyticsRules.visitGapMs) {
        const campaign = event.us || event.um || event.uc ? [event.us ?? '', event.um ?? '', event.uc ?? ''].join(' / ') : null;
        const source = sourceOf(event.us, event.r);
        const browser = item.browser ?? null;
        visit = {
          id: newId(),
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
          source,
          browser,
          exit_path: event.p,
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
        countIn(day, 'source', source ?? '');
        if (browser) countIn(day, 'browser', browser);
        countIn(day, 'device', event.w);
        countIn(day, 'exit', event.p);
      } else {
        if (visit.page_views === 1) dailyOf(visit.day).bounces--; // a second page view: no longer a bounce
        // The visit's last page moves on: its exit page is this one now (visits before 0011 have none to move).
        if (visit.exit_path !== event.p) {
          if (visit.exit_path) countIn(visit.day, 'exit', visit.exit_path, -1);
          countIn(visit.day, 'exit', event.p);
          visit.exit_path = event.p;
        }
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
      pageViews.set(event.id, {
        id: event.id,
        visit_id: visit.id,
        day,
        path: event.p,
        viewport: event.w,
        engaged_ms: 0,
        metrics: '',
        goals: '',
        at,
        isNew: true,
      });
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
    } else if (event.k === 'g') {
      // A goal counts only on a page view that was counted (not a bot's, not the owner's), and once per page view (an
      // outbound click once per host), however often its beacon comes: the page view keeps what it has counted.
      const view = pageViews.get(event.id);
      if (!view) continue;
      const host = event.g === 'outbound' && event.x ? event.x.toLowerCase().replace(/^www\./, '') : null;
      const reached = host ? `outbound:${host}` : event.g;
      const counted = view.goals ? view.goals.split(' ') : [];
      if (counted.includes(reached) || counted.length >= analyticsRules.maxGoalsPerPageView) continue;
      view.goals = [...counted, reached].join(' ');
      view.dirty = true;
      countIn(view.day, 'goal', event.g);
      if (host) countIn(view.day, 'outbound', host);
    } else if (event.k === 'n') {
      countIn(day, 'notFound', JSON.stringify([event.p, event.r ? event.r.toLowerCase().replace(/^www\./, '') : '']));
    } else {
      // A conversion belongs to the visitor's current visit; without one (no page view counted) it is not counted.
      const visit = currentVisit.get(visitor);
      if (visit && visit.day === day && at - visit.last_at <= analyticsRules.visitGapMs) {
        conversions.push({ day, visitor, lead: event.lead, first: !visit.converted });
        visit.converted = 1;
        visit.last_at = Math.max(visit.last_at, at);
        visit.dirty = true;
      }
    }
  }

  return { pageViews, visitsById, daily, breakdown, vitals, newVisitors, conversions };
}

/** Where a visit came from, as a person reads it: the tagged source, else the referring domain without "www.". */
export function sourceOf(utmSource: string | undefined, referrer: string | undefined): string | null {
  const tagged = utmSource?.trim().toLowerCase();
  if (tagged) return tagged;
  return referrer ? referrer.toLowerCase().replace(/^www\./, '') : null;
}

/** An empty day's figures. */
export function emptyDaily(): DailyDelta {
  return { page_views: 0, visitors: 0, visits: 0, bounces: 0, engaged_ms: 0, conversions: 0 };
}
