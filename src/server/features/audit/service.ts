/**
 * The free audits visitors run: a queue for the whole site (at most `auditLimits.running` at once, the rest waiting
 * with their place shown), each audit the admin's site checker with the same rules and the same address guard,
 * bounded in pages, bytes and time, run in a child process (sitecheck/offload.mjs) so what the audited site serves is
 * never parsed on the server's event loop; progress kept in memory for the stream and written to the database for the
 * results page.
 *
 * The queue is the `audits` table, shared by every server process on the database: a waiting audit is a row in status
 * `queued`, and whichever process has a free place claims the oldest (created_at, then id) and runs it. Taking an
 * audit in and claiming one happen in a transaction that holds one lock for the whole site (PostgreSQL: an advisory
 * lock; SQLite: the write lock its first statement takes), so two processes never both take the last place.
 */
import { randomBytes } from 'node:crypto';
import { type Selectable, sql, type Transaction } from 'kysely';
import { auditLimits, auditMessages } from '~/config/audit';
import type { AuditProgress, AuditStatus, AuditView } from '~/lib/audit-types';
import type { Db, DbKind } from '../../db';
import type { AuditTable, Database } from '../../db/schema';
import { errorField, log } from '../../platform/log.mjs';
import { RetryableFailure, withRetries } from '../../platform/retry.mjs';
import { startWorker } from '../../platform/worker';
import type { AddressPolicy } from '../sitecheck';
import { type CheckReport, checkSiteOffLoop, ChildJobFailure, SiteCheckError } from '../sitecheck';
import { readReport } from './score';

/**
 * A running audit not written to for this long has lost its process (no audit runs past its deadline; the margin
 * covers the last write's retries): it reads as interrupted, and its place is given to the next in the queue.
 */
const staleMs = auditLimits.deadlineSeconds * 1000 + 30_000;
/** Longer than a full queue takes to clear: an audit still waiting after this has no process left to run it. */
const abandonedMs = (Math.ceil(auditLimits.queueMax / auditLimits.running) + 1) * staleMs;
/** How often each process looks for a waiting audit it can start (a place freed by another process, say). */
const pollMs = 1000;

/** The queue is full: the visitor is asked to come back in a few minutes. */
export class AuditQueueFull extends Error {}

type Live = { phase: AuditProgress['phase']; done: number; total: number };

export interface AuditService {
  /** Queues an audit of `url`; resolves with its id once it is stored. Throws AuditQueueFull. */
  enqueue(url: URL, domain: string): Promise<string>;
  /** Progress of an audit this process is running; null otherwise (the database has the rest). */
  live(id: string): AuditProgress | null;
  stop(): Promise<void>;
}

export interface AuditServiceDeps {
  db: Db;
  kind: DbKind;
  userAgent: string;
  addressPolicy: AddressPolicy;
  timeoutMs?: number;
  /** Tests shorten the deadline. */
  deadlineMs?: number;
  /** The checker's child process (sitecheck/check-process.mjs); unset, audits run in this process (tests). */
  checkProcess?: string;
}

/** The audit's outcome is written with a few tries: a database busy for a moment must not leave it "running". */
function persist(write: () => Promise<unknown>): Promise<unknown> {
  return withRetries(
    async () => {
      try {
        return await write();
      } catch (error) {
        throw new RetryableFailure(error instanceof Error ? error.message : String(error));
      }
    },
    { attempts: 4, baseMs: 500, maxWaitMs: 4000 },
  );
}

export function progressText(live: Omit<AuditProgress, 'text'>): string {
  if (live.status === 'queued') return auditMessages.queued(live.position ?? 1);
  if (live.phase === 'start') return auditMessages.reading;
  if (live.phase === 'links') return auditMessages.checkingLinks(live.done, live.total);
  return auditMessages.checking(live.done, live.total);
}

function withText(progress: Omit<AuditProgress, 'text'>): AuditProgress {
  return { ...progress, text: progressText(progress) };
}

/** Waiting or running, but left behind by a process that stopped: it will never finish. */
function abandoned(row: Pick<AuditTable, 'status' | 'created_at' | 'updated_at'>, now: number): boolean {
  if (row.status === 'running') return now - Number(row.updated_at) > staleMs;
  return row.status === 'queued' && now - Number(row.created_at) > abandonedMs;
}

/**
 * Opens the site-wide queue's transaction: on PostgreSQL an advisory lock held to the end, so processes take turns;
 * then abandoned audits are marked interrupted, which frees their places. On SQLite that update is the first statement,
 * so it takes the database's write lock for the whole transaction (processes sharing the file take turns there too).
 */
async function lockQueue(trx: Transaction<Database>, kind: DbKind, now: number): Promise<void> {
  if (kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('hale-digital audit queue'))`.execute(trx);
  await trx
    .updateTable('audits')
    .set({ status: 'failed', message: auditMessages.interrupted, finished_at: now, updated_at: now })
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'running'), eb('updated_at', '<', now - staleMs)]),
        eb.and([eb('status', '=', 'queued'), eb('created_at', '<', now - abandonedMs)]),
      ]),
    )
    .execute();
}

const countStatus = async (trx: Transaction<Database>, status: AuditStatus) =>
  Number(
    (
      await trx
        .selectFrom('audits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', status)
        .executeTakeFirstOrThrow()
    ).n,
  );

export function createAuditService({
  db,
  kind,
  userAgent,
  addressPolicy,
  timeoutMs = auditLimits.requestTimeoutMs,
  deadlineMs,
  checkProcess,
}: AuditServiceDeps): AuditService {
  /** Audits this process is running, with their progress and the promise of their end. */
  const live = new Map<string, Live>();
  const runs = new Set<Promise<void>>();
  const stopping = new AbortController();
  const deadline = deadlineMs ?? auditLimits.deadlineSeconds * 1000;

  /** Takes the oldest waiting audit when the site has a free place; null when it has none or nothing waits. */
  async function claim(): Promise<{ id: string; start_url: string } | null> {
    if (stopping.signal.aborted) return null;
    // Most of the time nothing waits: looked at without the lock.
    if (!(await db.selectFrom('audits').select('id').where('status', '=', 'queued').limit(1).executeTakeFirst())) return null;
    return db.transaction().execute(async (trx) => {
      const now = Date.now();
      await lockQueue(trx, kind, now);
      if (stopping.signal.aborted || (await countStatus(trx, 'running')) >= auditLimits.running) return null;
      const next = await trx
        .selectFrom('audits')
        .select(['id', 'start_url'])
        .where('status', '=', 'queued')
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!next) return null;
      await trx.updateTable('audits').set({ status: 'running', phase: 'start', updated_at: now }).where('id', '=', next.id).execute();
      return next;
    });
  }

  // The one background loop looks at the queue every second, and at once when an audit is taken in or ends here.
  const starter = startWorker(
    'audit',
    async () => {
      for (let next = await claim(); next; next = await claim()) {
        const done = run(next.id, next.start_url).finally(() => {
          runs.delete(done);
          void starter.kick();
        });
        runs.add(done);
      }
    },
    { everyMs: pollMs },
  );

  async function run(id: string, url: string) {
    const state: Live = { phase: 'start', done: 0, total: 0 };
    live.set(id, state);
    let written = Date.now();
    const write = async () => {
      written = Date.now();
      await db
        .updateTable('audits')
        .set({ phase: state.phase, progress_done: state.done, progress_total: state.total, updated_at: written })
        .where('id', '=', id)
        // A progress write still on its way when the audit ends (PostgreSQL may run it after the final one) must not
        // turn a finished audit back into a running one.
        .where('status', '=', 'running')
        .execute();
    };
    try {
      // The run ends itself at the deadline with what it read; the stopping server kills it.
      const report: CheckReport = await checkSiteOffLoop(
        checkProcess,
        url,
        { maxPages: auditLimits.maxPages, concurrency: auditLimits.concurrency, runMaxBytes: auditLimits.runMaxBytes, timeoutMs, userAgent, addressPolicy },
        {
          deadlineMs: deadline,
          signal: stopping.signal,
          onProgress: (next) => {
            Object.assign(state, next);
            if (Date.now() - written > 1000) void write().catch(() => {});
          },
        },
      );
      if (stopping.signal.aborted) throw new SiteCheckError(auditMessages.interrupted);
      // Ended at the deadline before a single page arrived: nothing to score, the site is too slow to audit.
      if (report.cancelled && report.pages.length === 0) throw new SiteCheckError(auditMessages.deadlineFailed(Math.round(deadline / 1000)));
      const result = readReport(report, { deadlineHit: report.cancelled });
      await persist(() =>
        db
          .updateTable('audits')
          .set({
            status: 'done',
            updated_at: Date.now(),
            finished_at: report.finishedAt,
            phase: state.phase,
            progress_done: state.done,
            progress_total: state.total,
            score: result.score,
            pages: result.pages,
            errors: result.errors,
            warnings: result.warnings,
            notices: result.notices,
            message: result.notes.join(' ') || null,
            report: JSON.stringify(report),
          })
          .where('id', '=', id)
          .execute(),
      );
    } catch (error) {
      const failure = error instanceof ChildJobFailure ? error.reason : null;
      const message = stopping.signal.aborted
        ? auditMessages.interrupted
        : failure === 'deadline'
          ? auditMessages.deadlineFailed(Math.round(deadline / 1000))
          : failure === 'memory'
            ? auditMessages.memoryFailed
            : error instanceof SiteCheckError
              ? error.message
              : 'The audit could not be completed. Please try again in a few minutes.';
      if (!(error instanceof SiteCheckError) && failure !== 'deadline' && failure !== 'memory' && !stopping.signal.aborted)
        log.error(errorField(error), '[audit] run failed');
      await persist(() =>
        db.updateTable('audits').set({ status: 'failed', updated_at: Date.now(), finished_at: Date.now(), message }).where('id', '=', id).execute(),
      ).catch((failure: unknown) => log.error(errorField(failure), '[audit] could not store a failed audit'));
    } finally {
      live.delete(id);
    }
  }

  return {
    async enqueue(url, domain) {
      const id = randomBytes(24).toString('base64url');
      await db.transaction().execute(async (trx) => {
        const now = Date.now();
        await lockQueue(trx, kind, now);
        if ((await countStatus(trx, 'queued')) >= auditLimits.queueMax) throw new AuditQueueFull(auditMessages.queueFull);
        await trx
          .insertInto('audits')
          .values({
            id,
            site: url.origin,
            domain,
            start_url: url.href,
            status: 'queued',
            created_at: now,
            updated_at: now,
            phase: 'queued',
            progress_done: 0,
            progress_total: 0,
          })
          .execute();
      });
      void starter.kick();
      return id;
    },
    live(id) {
      const state = live.get(id);
      return state ? withText({ status: 'running', ...state, position: null }) : null;
    },
    async stop() {
      // Audits running here end as interrupted (their checks are aborted); waiting ones stay in the queue for another
      // process, or this one once it is back.
      stopping.abort();
      await starter.stop();
      await Promise.all(runs);
    },
  };
}

export async function auditRow(db: Db, id: string): Promise<Selectable<AuditTable> | null> {
  return (await db.selectFrom('audits').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** A waiting audit's place in the site-wide queue: 1 for the next to start. */
export async function queuePosition(db: Db, row: Pick<AuditTable, 'id' | 'created_at'>): Promise<number> {
  const ahead = await db
    .selectFrom('audits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('created_at', '<', row.created_at), eb.and([eb('created_at', '=', row.created_at), eb('id', '<', row.id)])]))
    .executeTakeFirstOrThrow();
  return Number(ahead.n) + 1;
}

/**
 * An audit as the results page and its stream show it, wherever the request lands: this process's live progress when
 * it runs the audit, else what is stored, a waiting one with its place in the site-wide queue. Null when there is none.
 */
export async function readAudit(db: Db, audits: AuditService, id: string): Promise<AuditView | null> {
  const row = await auditRow(db, id);
  if (!row) return null;
  return auditView(row, audits.live(id), Date.now(), row.status === 'queued' ? await queuePosition(db, row) : null);
}

/** The results page's view of an audit: live progress when this process is running it, else what is stored. */
export function auditView(row: Selectable<AuditTable>, progress: AuditProgress | null, now = Date.now(), position: number | null = null): AuditView {
  // Left behind by a process that stopped (or whose last write failed): it reads as interrupted rather than waiting or
  // running for ever, as the queue treats it.
  if (progress === null && abandoned(row, now)) return auditView({ ...row, status: 'failed', message: auditMessages.interrupted }, null, now);
  const status = row.status as AuditStatus;
  const report = row.report ? (JSON.parse(row.report) as CheckReport) : null;
  return {
    id: row.id,
    site: row.site,
    startUrl: row.start_url,
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
    progress:
      progress ??
      withText({
        status,
        phase: row.phase as AuditProgress['phase'],
        done: row.progress_done,
        total: row.progress_total,
        position: status === 'queued' ? (position ?? 1) : null,
      }),
    message: row.message,
    result: report && status === 'done' ? readReport(report, { deadlineHit: report.cancelled }) : null,
  };
}
