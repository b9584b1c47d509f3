/**
 * What the admin shows of the watched sites: per site its uptime over 30 and 90 days, response time p50/p95 from the
 * availability checks, the certificate's expiry, the crawls' score trend, the latest check of each kind and its open
 * problems; and the alerts, open first, with their evidence.
 */
import { watchHistoryPeriods, type WatchHistoryPeriod, type WatchKind } from '~/config/watch';
import type { WatchAlertState, WatchAlertView, WatchHistory, WatchSiteHealth, WatchSiteView } from '~/lib/watch-types';
import { dayMs } from '~/lib/days.mjs';
import type { Db } from '../../db';
import type { CrawlDiff } from './crawl';
import { kindsOf, listSites } from './sites';
import type { WatchedSite } from './types';

/** The nearest-rank percentile of sorted numbers. */
export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

type AvailabilityRow = { ok: unknown; response_ms: unknown };

/** Availability checks as figures: the share that found the site up, and response time p50/p95 (nearest rank). */
export function availabilityFigures(rows: AvailabilityRow[]) {
  const times = rows
    .filter((r) => r.response_ms !== null)
    .map((r) => Number(r.response_ms))
    .sort((a, b) => a - b);
  return {
    checks: rows.length,
    uptime: rows.length === 0 ? null : rows.filter((r) => Number(r.ok) === 1).length / rows.length,
    responseP50Ms: percentile(times, 0.5),
    responseP95Ms: percentile(times, 0.95),
  };
}

/** A site's availability figures over [start, end) (milliseconds): what the Sites view shows for its 30 days. */
export async function availabilityBetween(db: Db, siteId: string, start: number, end: number) {
  const rows = await db
    .selectFrom('watch_results')
    .select(['ok', 'response_ms'])
    .where('site_id', '=', siteId)
    .where('kind', '=', 'availability')
    .where('at', '>=', start)
    .where('at', '<', end)
    .execute();
  return availabilityFigures(rows);
}

/** A certificate check's evidence as the Sites view reads it; null when it holds no expiry. */
function certificateOf(evidence: string) {
  const cert = JSON.parse(evidence) as { validTo?: number; daysLeft?: number; names?: string[] };
  return typeof cert.validTo === 'number' ? { validTo: cert.validTo, daysLeft: cert.daysLeft ?? 0, names: cert.names ?? [] } : null;
}

/** The latest certificate check in [start, end), or null. */
export async function certificateBetween(db: Db, siteId: string, start: number, end: number) {
  const row = await db
    .selectFrom('watch_results')
    .select(['evidence'])
    .where('site_id', '=', siteId)
    .where('kind', '=', 'certificate')
    .where('at', '>=', start)
    .where('at', '<', end)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? certificateOf(row.evidence) : null;
}

/** The last `limit` scored crawls before `end`, newest first, with their summary and diff. */
export async function crawlsBefore(db: Db, siteId: string, end: number, limit: number) {
  const rows = await db
    .selectFrom('watch_results')
    .select(['at', 'score', 'evidence'])
    .where('site_id', '=', siteId)
    .where('kind', '=', 'crawl')
    .where('score', 'is not', null)
    .where('at', '<', end)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const evidence = JSON.parse(row.evidence) as { diff?: CrawlDiff | null; summary?: { pages?: number } };
    return { at: Number(row.at), score: Number(row.score), diff: evidence.diff ?? null, pages: evidence.summary?.pages ?? 0 };
  });
}

async function healthOf(db: Db, site: WatchedSite, now: number): Promise<WatchSiteHealth> {
  const availability = await db
    .selectFrom('watch_results')
    .select(['at', 'ok', 'response_ms'])
    .where('site_id', '=', site.id)
    .where('kind', '=', 'availability')
    .where('at', '>=', now - 90 * dayMs)
    .execute();
  const recent = availabilityFigures(availability.filter((r) => Number(r.at) >= now - 30 * dayMs));
  // The first check ever, not the first of the 90 days read: "since" a date is only said of a site watched for less.
  const first = await db
    .selectFrom('watch_results')
    .select((eb) => eb.fn.min('at').as('at'))
    .where('site_id', '=', site.id)
    .where('kind', '=', 'availability')
    .executeTakeFirst();
  const certificate = await db
    .selectFrom('watch_results')
    .select(['evidence'])
    .where('site_id', '=', site.id)
    .where('kind', '=', 'certificate')
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const scores = await db
    .selectFrom('watch_results')
    .select(['at', 'score'])
    .where('site_id', '=', site.id)
    .where('kind', '=', 'crawl')
    .where('score', 'is not', null)
    .orderBy('at', 'desc')
    .limit(30)
    .execute();
  const latest = await db
    .selectFrom('watch_results as r')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('watch_results')
          .select(['kind', (e) => e.fn.max('at').as('at')])
          .where('site_id', '=', site.id)
          .groupBy('kind')
          .as('l'),
      (join) => join.onRef('l.kind', '=', 'r.kind').onRef('l.at', '=', 'r.at'),
    )
    .select(['r.kind', 'r.at', 'r.ok', 'r.summary'])
    .where('r.site_id', '=', site.id)
    .execute();
  const openKinds = await db.selectFrom('watch_alerts').select('kind').where('site_id', '=', site.id).where('open_key', 'is not', null).execute();
  const open = { count: openKinds.length };
  const alerting = new Set(openKinds.map((alert) => alert.kind));
  return {
    uptime30: recent.uptime,
    uptime90: availabilityFigures(availability).uptime,
    firstCheckAt: first?.at === null || first?.at === undefined ? null : Number(first.at),
    responseP50: recent.responseP50Ms,
    responseP95: recent.responseP95Ms,
    checks30: recent.checks,
    certificate: certificate ? certificateOf(certificate.evidence) : null,
    scores: scores.reverse().map((r) => ({ at: Number(r.at), score: Number(r.score) })),
    lastChecks: latest
      // A check whose kind has an open alert is not "OK", even when it could look (a crawl that found problems).
      .map((r) => ({ kind: r.kind as WatchKind, at: Number(r.at), ok: Number(r.ok) === 1 && !alerting.has(r.kind), summary: r.summary }))
      .sort((a, b) => a.kind.localeCompare(b.kind)),
    openAlerts: Number(open.count),
  };
}

export function siteView(site: WatchedSite, health: WatchSiteHealth): WatchSiteView {
  return { ...site, kinds: kindsOf(site), health };
}

export async function sitesWithHealth(db: Db, now = Date.now()): Promise<WatchSiteView[]> {
  const sites = await listSites(db, { withRemoved: true });
  return Promise.all(sites.map(async (site) => siteView(site, await healthOf(db, site, now))));
}

export async function siteWithHealth(db: Db, site: WatchedSite, now = Date.now()): Promise<WatchSiteView> {
  return siteView(site, await healthOf(db, site, now));
}

/** The alerts, open ones first (newest first within each), at most `limit`. */
export async function listAlerts(
  db: Db,
  {
    status = 'all',
    site,
    id,
    limit = 200,
    now = Date.now(),
  }: { status?: 'open' | 'closed' | 'all'; site?: string; id?: string; limit?: number; now?: number } = {},
): Promise<WatchAlertView[]> {
  let query = db
    .selectFrom('watch_alerts as a')
    .innerJoin('watch_sites as s', 's.id', 'a.site_id')
    .select([
      'a.id',
      'a.site_id',
      's.name',
      'a.kind',
      'a.title',
      'a.detail',
      'a.urgent',
      'a.open_key',
      'a.opened_at',
      'a.last_seen_at',
      'a.closed_at',
      'a.evidence',
      'a.handled',
      'a.handled_at',
      'a.handled_by',
      'a.handled_note',
      'a.reminded_at',
    ])
    .orderBy('a.closed_at', (o) => o.desc().nullsFirst())
    .orderBy('a.opened_at', 'desc')
    .limit(limit);
  if (status === 'open') query = query.where('a.open_key', 'is not', null);
  if (status === 'closed') query = query.where('a.open_key', 'is', null);
  if (site) query = query.where('a.site_id', '=', site);
  if (id) query = query.where('a.id', '=', id);
  const rows = await query.execute();
  const held = await heldUntilOf(
    db,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => ({
    id: row.id,
    siteId: row.site_id,
    siteName: row.name,
    kind: row.kind as WatchKind,
    title: row.title,
    detail: row.detail,
    urgent: Number(row.urgent) === 1,
    open: row.open_key !== null,
    openedAt: Number(row.opened_at),
    lastSeenAt: Number(row.last_seen_at),
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
    evidence: JSON.parse(row.evidence) as unknown,
    heldUntil: held.get(row.id) ?? null,
    handled:
      row.handled === 'acknowledged' || row.handled === 'muted'
        ? { state: row.handled as WatchAlertState, at: Number(row.handled_at), by: row.handled_by ?? '', note: row.handled_note }
        : null,
    remindedAt: row.reminded_at === null ? null : Number(row.reminded_at),
  }));
}

/**
 * When the messages quiet hours hold for each alert go (its e-mails by `watch_alert_mails`, its webhook calls by
 * `alert_id`): not yet tried and due later. Alerts with none are left out.
 */
async function heldUntilOf(db: Db, ids: string[], now: number): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  if (ids.length === 0) return held;
  const mails = await db
    .selectFrom('mail_outbox as m')
    .innerJoin('watch_alert_mails as w', 'w.mail_id', 'm.id')
    .select(['w.alert_id as id', (eb) => eb.fn.min('m.next_attempt_at').as('at')])
    .where('w.alert_id', 'in', ids)
    .where('m.status', '=', 'pending')
    .where('m.attempts', '=', 0)
    .where('m.next_attempt_at', '>', now)
    .groupBy('w.alert_id')
    .execute();
  const calls = await db
    .selectFrom('watch_webhooks')
    .select(['alert_id as id', (eb) => eb.fn.min('next_attempt_at').as('at')])
    .where('alert_id', 'in', ids)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('next_attempt_at', '>', now)
    .groupBy('alert_id')
    .execute();
  for (const row of [...mails, ...calls]) {
    if (row.id === null) continue;
    const at = Number(row.at);
    held.set(row.id, Math.min(held.get(row.id) ?? at, at));
  }
  return held;
}

/** One alert as Alerts shows it; null when it is not there. */
export async function alertView(db: Db, id: string, now = Date.now()): Promise<WatchAlertView | null> {
  return (await listAlerts(db, { id, limit: 1, now }))[0] ?? null;
}

/**
 * A site's availability checks over the last 24 hours or 7 days (`watchHistoryPeriods`): per slot the checks, those
 * that found it down and the median response time (nearest rank); the incidents, each a run of checks that found it
 * down, ended by the first that found it answering; and the period's figures.
 */
export async function availabilityHistory(db: Db, siteId: string, period: WatchHistoryPeriod, now = Date.now()): Promise<WatchHistory> {
  const { spanMs, slotMs } = watchHistoryPeriods[period];
  const from = now - spanMs;
  const rows = (
    await db
      .selectFrom('watch_results')
      .select(['at', 'ok', 'response_ms'])
      .where('site_id', '=', siteId)
      .where('kind', '=', 'availability')
      .where('at', '>', from)
      .where('at', '<=', now)
      .orderBy('at')
      .execute()
  ).map((row) => ({ at: Number(row.at), up: Number(row.ok) === 1, ms: row.response_ms === null ? null : Number(row.response_ms) }));
  const median = (list: typeof rows) =>
    percentile(
      list.flatMap((row) => (row.ms === null ? [] : [row.ms])).sort((a, b) => a - b),
      0.5,
    );
  const slots = Array.from({ length: Math.round(spanMs / slotMs) }, (_, i) => {
    const start = from + i * slotMs;
    const inSlot = rows.filter((row) => row.at > start && row.at <= start + slotMs);
    return { from: start, checks: inSlot.length, down: inSlot.filter((row) => !row.up).length, medianMs: median(inSlot) };
  });
  const incidents: WatchHistory['incidents'] = [];
  for (const row of rows) {
    const last = incidents.at(-1);
    if (!row.up) {
      if (last && last.to === null) last.checks += 1;
      else incidents.push({ from: row.at, to: null, checks: 1 });
    } else if (last && last.to === null) last.to = row.at;
  }
  const times = rows.flatMap((row) => (row.ms === null ? [] : [row.ms]));
  return {
    period,
    from,
    to: now,
    slots,
    incidents,
    checks: rows.length,
    down: rows.filter((row) => !row.up).length,
    medianMs: median(rows),
    slowestMs: times.length === 0 ? null : Math.max(...times),
  };
}
