/**
 * Analytics ingest: events are queued in memory and written in batches, so a flood of beacons never holds up a page.
 * Each batch, in one transaction, is folded (fold.ts) into the raw page views and visits and the daily aggregates that
 * the dashboard reads (store.ts). The visitor id is a hash of the day's random salt, the site, the client address and the user
 * agent: the address is never stored, and once a salt is deleted (after 48 hours) its ids cannot be recreated.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { analyticsRules, browserOf } from '~/config/analytics';
import type { Db, DbKind } from '../../db';
import { type ClientCaps, createClientCaps } from './client-caps';
import { addDays, dayOf } from '~/lib/days.mjs';
import { type DatedEvent, foldEvents, type QueuedEvent } from './fold';
import { loadKnown, saveFold } from './store';
import { startWorker } from '../../platform/worker';
import { log } from '../../platform/log.mjs';

export type { QueuedEvent };

export type AcceptOutcome = 'queued' | 'not-a-page' | 'over-caps' | 'full';

interface Queued {
  event: QueuedEvent;
  address: string;
  userAgent: string;
  at: number;
}

export interface AnalyticsService {
  /**
   * Queues one event: 'queued'; or says why not: 'not-a-page' (a page view of a path the site does not have),
   * 'over-caps' (more than one client address may add), 'full' (the queue is full, or the service stopping).
   */
  accept(event: QueuedEvent, client: { address: string; userAgent: string }, at?: number): AcceptOutcome;
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
  /** The site's pages (platform/site-pages.mjs: the build's and the live admin posts): a page view of any other path is not counted. Unset: every path counts. */
  pages?: { has(path: string): boolean };
  /** What one client address may add (`analyticsClientCaps`). Unset: no cap. */
  caps?: ClientCaps;
  flushMs?: number;
  /**
   * Events a transaction. On SQLite a batch is written without letting a request in (the driver is synchronous), so
   * it is kept small: 100 events hold the event loop about 10 ms here, where 500 held it 60 ms and more.
   */
  batchSize?: number;
  maxQueue?: number;
}

export function createAnalyticsService(options: AnalyticsOptions): AnalyticsService {
  const { db, kind, siteHost, retentionDays, pages, caps, flushMs = 1000, batchSize = 100, maxQueue = 10_000 } = options;
  const clientCaps = caps ? createClientCaps(caps) : null;
  let queue: Queued[] = [];
  let droppedCount = 0;
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
      const items: DatedEvent[] = [];
      for (const item of batch) {
        const day = dayOf(item.at);
        items.push({ event: item.event, at: item.at, day, visitor: visitorId(await saltFor(day, trx), item), browser: browserOf(item.userAgent) });
      }
      await saveFold(trx, foldEvents(items, await loadKnown(trx, items), randomUUID));
    });
  }

  /** Events taken from the queue by the drain and not yet written: they count against maxQueue too. */
  let draining = 0;

  async function drain() {
    while (queue.length > 0) {
      // The whole queue at once (events arriving meanwhile start a new one), written a batch a transaction.
      const taken = queue;
      queue = [];
      draining = taken.length;
      for (let start = 0; start < taken.length; start += batchSize) {
        const batch = taken.slice(start, start + batchSize);
        const began = performance.now();
        try {
          await writeBatch(batch);
        } catch (error) {
          // Analytics never takes the site down: a failed batch is reported and dropped, the next one tries again.
          droppedCount += batch.length;
          log.error(`[analytics] ${batch.length} events not recorded: ${error instanceof Error ? error.message : String(error)}`);
        }
        draining -= batch.length;
        // Let requests in between batches (better-sqlite3 writes hold the event loop), and never take more than half
        // of the process: a flood of beacons beyond what that writes fills the queue, and the rest are refused (503).
        const spent = performance.now() - began;
        await new Promise((resolve) => (spent > 1 ? setTimeout(resolve, Math.min(spent, 200)) : setImmediate(resolve)));
      }
    }
  }

  // One drain at a time; a flush asked for meanwhile waits for it, then writes what is left.
  const writer = startWorker('analytics', drain, { everyMs: flushMs, firstRunAfterMs: flushMs });
  const flush = () => writer.kick();

  return {
    accept(event, client, at = Date.now()) {
      // Only page views make visitors and views; engagement and conversions attach to one already counted.
      let queued: QueuedEvent = event;
      let outcome: AcceptOutcome = 'queued';
      if (event.k === 'v') {
        // A path the site does not have is no page view; it is counted as a 404 visit instead (its page sent it).
        if (pages && !pages.has(event.p)) {
          queued = { k: 'n', p: event.p, r: event.r };
          outcome = 'not-a-page';
        }
        if (clientCaps && !clientCaps.admitPageView(client.address, client.userAgent, at)) return 'over-caps';
        // Each 404 visit may be a row of its own on the dashboard: fewer of them per client than page views.
        if (clientCaps && queued.k === 'n' && !clientCaps.admitNotFound(client.address, at)) return 'over-caps';
      }
      if (stopped || queue.length + draining >= maxQueue) {
        droppedCount++;
        return 'full';
      }
      queue.push({ event: queued, address: client.address, userAgent: client.userAgent, at });
      if (queue.length >= batchSize) void flush();
      return outcome;
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
        await db.updateTable('analytics_conversions').set({ visitor: null }).where('day', '=', day).execute();
        await db.deleteFrom('analytics_salts').where('day', '=', day).execute();
        salts.delete(day);
      }
    },
    async stop() {
      stopped = true;
      await writer.stop({ finalPass: true });
    },
    dropped: () => droppedCount,
  };
}
