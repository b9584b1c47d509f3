/**
 * The scheduler: each check of each watched site has a "next due" time in the database. A pass takes every due
 * check, and for each one takes its lease (platform/lease.mjs, one holder across every instance), reads "next due"
 * again under the lease (another instance may just have run it), runs the check, and writes the result, the alerts it
 * opens or closes (with their e-mails and webhook calls) and the next due time in one transaction. So one instance
 * runs each due check once; a process that dies mid-check leaves the lease to expire and the check still due (run
 * again, never skipped); a check written is never run again for the same turn. A few checks run at once
 * (`watchDefaults.checksAtOnce`), so one site's slow crawl holds up no other site's checks.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { watchCheckNow, watchDefaults, type WatchKind } from '~/config/watch';
import { dayMs } from '~/lib/days.mjs';
import { HttpError } from '../../api/http-error';
import type { Db } from '../../db';
import type { WatchResultTable } from '../../db/schema';
import { lease } from '../../platform/lease.mjs';
import { giveBack, limit, type LimitWindow, minutesOf } from '../../platform/limit';
import { errorField, log } from '../../platform/log.mjs';
import { type AlertChange, type AlertDelivery, openAlerts, reconcileAlerts } from './alerts';
import { checkAvailability } from './availability';
import { checkCertificate } from './certificate';
import { type ChangeItem, checkCrawl, type CrawlSnapshot } from './crawl';
import { checkEnquiries, checkTraffic, checkVitals } from './own-data';
import { ensureOwnSite, everyMs, kindsOf, listSites } from './sites';
import type { CheckOutcome, Reach, WatchedSite } from './types';

export interface WatchDeps {
  db: Db;
  siteUrl: string;
  siteName: string;
  reach: Reach;
  delivery: AlertDelivery;
  /** Tell the outbox there is mail (the server's worker); absent on the command line. */
  kickOutbox?: () => void;
  /** Stops a crawl in progress (shutdown). */
  signal?: AbortSignal;
  /** The time checks are recorded at (tests: a clock they move); unset, the real one. */
  clock?: () => number;
}

const timeOf = (deps: WatchDeps) => deps.clock?.() ?? Date.now();

export interface CheckRun {
  site: WatchedSite;
  kind: WatchKind;
  outcome: CheckOutcome;
  changes: AlertChange[];
}

/** Which checks a pass takes: the quick ones, the crawls (long: their own worker), or all. */
export type Lane = 'quick' | 'crawl' | 'all';

const inLane = (kind: WatchKind, lane: Lane) => lane === 'all' || (lane === 'crawl') === (kind === 'crawl');

async function previousCrawl(db: Db, siteId: string): Promise<CrawlSnapshot | null> {
  const row = await db
    .selectFrom('watch_results')
    .select('evidence')
    .where('site_id', '=', siteId)
    .where('kind', '=', 'crawl')
    .where('ok', '=', 1)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return (JSON.parse(row.evidence) as { snapshot?: CrawlSnapshot }).snapshot ?? null;
}

/** Runs one check of one site (no lease, nothing written). */
export async function runCheck(deps: WatchDeps, site: WatchedSite, kind: WatchKind, now = Date.now()): Promise<CheckOutcome> {
  const { db, reach } = deps;
  switch (kind) {
    case 'availability':
      return checkAvailability(site.url, reach, deps.signal);
    case 'certificate':
      return checkCertificate(site.url, reach, now);
    case 'crawl': {
      const open = await openAlerts(db, site.id, 'crawl');
      const items = open.flatMap((alert) => (JSON.parse(alert.evidence) as { items?: ChangeItem[] }).items ?? []);
      return checkCrawl(site.url, reach, await previousCrawl(db, site.id), items, deps.signal);
    }
    case 'vitals': {
      const open = await openAlerts(db, site.id, 'vitals');
      return checkVitals(db, new Map(open.map((alert) => [alert.problem, JSON.parse(alert.evidence) as unknown])), now);
    }
    case 'traffic':
      return checkTraffic(db, now);
    case 'enquiries':
      return checkEnquiries(db, now);
  }
}

/** Writes a check's result, its alerts and its next due time, together. */
async function record(
  deps: WatchDeps,
  site: WatchedSite,
  kind: WatchKind,
  outcome: CheckOutcome,
  startedAt: number,
  nextDueAt: number,
): Promise<AlertChange[]> {
  const now = timeOf(deps);
  return deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('watch_results')
      .values({
        id: randomUUID(),
        site_id: site.id,
        kind,
        at: startedAt,
        ok: outcome.ok ? 1 : 0,
        response_ms: outcome.responseMs,
        score: outcome.score,
        summary: outcome.summary.slice(0, 2000),
        evidence: JSON.stringify(outcome.evidence),
      })
      .execute();
    const changes = await reconcileAlerts(trx, deps.delivery, site, kind, outcome, now);
    await trx
      .insertInto('watch_schedule')
      .values({ site_id: site.id, kind, next_due_at: nextDueAt, last_run_at: startedAt })
      .onConflict((conflict) => conflict.columns(['site_id', 'kind']).doUpdateSet({ next_due_at: nextDueAt, last_run_at: startedAt }))
      .execute();
    return changes;
  });
}

/**
 * Runs the due checks (or, with `force`, every check of every site now, as `npm run watch:run` does), each under its
 * lease. Returns what ran; a check another instance holds, or has just run, is left out.
 */
export async function runDueChecks(
  deps: WatchDeps,
  { lane = 'all', force = false, now = timeOf(deps) }: { lane?: Lane; force?: boolean; now?: number } = {},
): Promise<CheckRun[]> {
  const { db } = deps;
  await ensureOwnSite(db, deps.siteUrl, deps.siteName, now);
  const sites = await listSites(db);
  // A check with no row yet is due now (a site just added).
  const schedule = await db.selectFrom('watch_schedule').selectAll().execute();
  const dueAt = new Map(schedule.map((row) => [`${row.site_id}|${row.kind}`, Number(row.next_due_at)]));
  const due = sites.flatMap((site) =>
    kindsOf(site)
      .filter((kind) => inLane(kind, lane) && (force || (dueAt.get(`${site.id}|${kind}`) ?? now) <= now))
      .map((kind) => ({ site, kind })),
  );
  const runs: CheckRun[] = [];
  const holder = randomUUID();
  const queue = [...due];
  // A few at once, each taking the next due check when it is free: a slow crawl occupies one place, not the pass.
  const runner = async () => {
    for (let next = queue.shift(); next && !deps.signal?.aborted; next = queue.shift()) {
      const run = await runOne(deps, next.site, next.kind, holder, force, now);
      if (run) runs.push(run);
    }
  };
  await Promise.all(Array.from({ length: Math.min(watchDefaults.checksAtOnce, queue.length) }, runner));
  return runs;
}

/** One due check under its lease; null when another instance holds it or has just run it. */
async function runOne(deps: WatchDeps, site: WatchedSite, kind: WatchKind, holder: string, force: boolean, now: number): Promise<CheckRun | null> {
  const { db } = deps;
  const checkLease = lease(db, `watch:${site.id}:${kind}`, watchDefaults.leaseMs);
  if (!(await checkLease.acquire(holder))) return null;
  const renewal = setInterval(() => void checkLease.renew(holder).catch(() => {}), watchDefaults.leaseMs / 3);
  try {
    // Read again under the lease: another instance may have run it since the list was read.
    const row = await db.selectFrom('watch_schedule').select(['next_due_at']).where('site_id', '=', site.id).where('kind', '=', kind).executeTakeFirst();
    const scheduledAt = row ? Number(row.next_due_at) : now;
    if (!force && scheduledAt > timeOf(deps)) return null;
    const startedAt = timeOf(deps);
    let outcome: CheckOutcome;
    try {
      outcome = await runCheck(deps, site, kind, startedAt);
    } catch (error) {
      // A fault in the check itself is logged and recorded; the alerts stay as they were.
      log.error(errorField(error), `[watch] ${kind} check of ${site.url} failed`);
      const message = error instanceof Error ? error.message : String(error);
      outcome = {
        ok: false,
        summary: `The check failed: ${message}`,
        responseMs: null,
        score: null,
        evidence: { error: message },
        problems: [],
        inconclusive: true,
      };
    }
    const every = everyMs(site, kind);
    // The next turn after the one just run; turns missed while no process ran are run once, not made up for.
    const onTime = scheduledAt + every;
    const nextDueAt = force || onTime <= timeOf(deps) ? timeOf(deps) + every : onTime;
    const changes = await record(deps, site, kind, outcome, startedAt, nextDueAt);
    if (changes.length > 0) deps.kickOutbox?.();
    return { site, kind, outcome, changes };
  } finally {
    clearInterval(renewal);
    await checkLease.release(holder).catch(() => {});
  }
}

/** The one limiter's window for "Check now": once a minute per site (watchCheckNow). */
export const checkNowWindow = { scope: 'watch:check-now', windowMs: watchCheckNow.everyMinutes * 60_000 } satisfies LimitWindow;

/**
 * "Check now" (the Sites tab): the site's availability and certificate checked at once, each through `runOne`, the
 * scheduler's own path (its lease, its record, its alerts and messages; the next turn counted from now). Refused in
 * words while a check of the site runs (this one asked before, or the scheduler's), and more often than once a minute.
 */
export async function checkNow(deps: WatchDeps, site: WatchedSite, now = timeOf(deps)): Promise<CheckRun[]> {
  const { db } = deps;
  const kinds = kindsOf(site).filter((kind) => (watchCheckNow.kinds as readonly WatchKind[]).includes(kind));
  if (site.removedAt !== null) throw new HttpError(404, 'That site is not watched (it may have been removed).');
  if (kinds.length === 0) throw new HttpError(409, watchCheckNow.nothing(site.name));
  const holder = randomUUID();
  const gate = lease(db, `watch-now:${site.id}`, watchDefaults.leaseMs);
  if (!(await gate.acquire(holder))) throw new HttpError(409, watchCheckNow.running(site.name));
  const renewal = setInterval(() => void gate.renew(holder).catch(() => {}), watchDefaults.leaseMs / 3);
  try {
    // The scheduler running one of them now: the owner's result comes with its own.
    const busy = await Promise.all(kinds.map((kind) => lease(db, `watch:${site.id}:${kind}`, watchDefaults.leaseMs).held()));
    if (busy.some(Boolean)) throw new HttpError(409, watchCheckNow.running(site.name));
    const place = await limit(db, { ...checkNowWindow, key: site.id, max: 1, now });
    if (!place.allowed)
      throw new HttpError(429, watchCheckNow.tooSoon(site.name, minutesOf(place.retryAfterSeconds)), { retryAfterSeconds: place.retryAfterSeconds });
    const runs = await Promise.all(kinds.map((kind) => runOne(deps, site, kind, holder, true, now)));
    const done = runs.filter((run): run is CheckRun => run !== null);
    if (done.length === 0) {
      // The scheduler took them between the look and the run: nothing of the owner's ran, so the place is given back.
      await giveBack(db, place.hit);
      throw new HttpError(409, watchCheckNow.running(site.name));
    }
    return done;
  } finally {
    clearInterval(renewal);
    await gate.release(holder).catch(() => {});
  }
}

/** Results older than the history kept are deleted (uptime is shown over 90 days). */
export async function deleteOldResults(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('watch_results')
    .where('at', '<', now - watchDefaults.resultsKeptDays * dayMs)
    .execute();
}

export type ResultRow = Selectable<WatchResultTable>;
