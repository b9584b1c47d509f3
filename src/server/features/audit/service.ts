/**
 * The free audits visitors run: a queue for the whole site (at most `auditLimits.running` at once, the rest waiting
 * with their place shown), each audit the admin's site checker with the same rules and the same address guard,
 * bounded in pages and time; progress kept in memory for the stream and written to the database for the results page.
 */
import { randomBytes } from 'node:crypto';
import PQueue from 'p-queue';
import type { Selectable } from 'kysely';
import { auditLimits, auditMessages } from '~/config/audit';
import type { AuditConversion, AuditListItem, AuditProgress, AuditStatus, AuditView } from '~/lib/audit-types';
import type { Db } from '../../db';
import type { AuditTable } from '../../db/schema';
import { errorField, log } from '../../platform/log.mjs';
import { RetryableFailure, withRetries } from '../../platform/retry.mjs';
import type { AddressPolicy } from '../sitecheck/address-guard.mjs';
import { type CheckReport, checkSite, SiteCheckError } from '../sitecheck/checker.mjs';
import { readReport } from './score';

/** An audit not written to for this long while waiting or running has stopped (the deadline, and a margin). */
const staleMs = auditLimits.deadlineSeconds * 1000 + 30_000;

/** The queue is full: the visitor is asked to come back in a few minutes. */
export class AuditQueueFull extends Error {}

type Live = { status: AuditStatus; phase: AuditProgress['phase']; done: number; total: number };

export interface AuditService {
  /** Queues an audit of `url`; resolves with its id once it is stored. Throws AuditQueueFull. */
  enqueue(url: URL, domain: string): Promise<string>;
  /** Progress of an audit this process is running or holding in its queue; null otherwise. */
  live(id: string): AuditProgress | null;
  /** Resolves when no audit is running or waiting (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface AuditServiceDeps {
  db: Db;
  userAgent: string;
  addressPolicy: AddressPolicy;
  timeoutMs?: number;
  /** Tests shorten the deadline. */
  deadlineMs?: number;
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

export function createAuditService({ db, userAgent, addressPolicy, timeoutMs = auditLimits.requestTimeoutMs, deadlineMs }: AuditServiceDeps): AuditService {
  const queue = new PQueue({ concurrency: auditLimits.running });
  const waiting: string[] = [];
  const live = new Map<string, Live>();
  const stopping = new AbortController();
  const deadline = deadlineMs ?? auditLimits.deadlineSeconds * 1000;

  // Audits this process had queued or running when it stopped cannot go on: they say so.
  const interrupted = db
    .updateTable('audits')
    .set({ status: 'failed', message: auditMessages.interrupted, finished_at: Date.now(), updated_at: Date.now() })
    .where('status', 'in', ['queued', 'running'])
    .execute()
    .catch((error: unknown) => log.error(errorField(error), '[audit] could not mark interrupted audits'));

  async function run(id: string, url: string) {
    const state: Live = { status: 'running', phase: 'start', done: 0, total: 0 };
    live.set(id, state);
    let written = 0;
    const write = async () => {
      written = Date.now();
      await db
        .updateTable('audits')
        .set({ status: 'running', phase: state.phase, progress_done: state.done, progress_total: state.total, updated_at: written })
        .where('id', '=', id)
        // A progress write still on its way when the audit ends (PostgreSQL may run it after the final one) must not
        // turn a finished audit back into a running one.
        .where('status', 'in', ['queued', 'running'])
        .execute();
    };
    const timeUp = AbortSignal.timeout(deadline);
    try {
      await write();
      const report: CheckReport = await checkSite(url, {
        maxPages: auditLimits.maxPages,
        concurrency: auditLimits.concurrency,
        timeoutMs,
        userAgent,
        addressPolicy,
        signal: AbortSignal.any([timeUp, stopping.signal]),
        onProgress: (next) => {
          Object.assign(state, next);
          if (Date.now() - written > 1000) void write().catch(() => {});
        },
      });
      if (stopping.signal.aborted) throw new SiteCheckError(auditMessages.interrupted);
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
      const message = stopping.signal.aborted
        ? auditMessages.interrupted
        : timeUp.aborted
          ? `The site did not finish answering within the audit's ${Math.round(deadline / 1000)}-second limit, so there is nothing to report. A site this slow loses most visitors before it appears.`
          : error instanceof SiteCheckError
            ? error.message
            : 'The audit could not be completed. Please try again in a few minutes.';
      if (!(error instanceof SiteCheckError) && !timeUp.aborted && !stopping.signal.aborted) log.error(errorField(error), '[audit] run failed');
      await persist(() =>
        db.updateTable('audits').set({ status: 'failed', updated_at: Date.now(), finished_at: Date.now(), message }).where('id', '=', id).execute(),
      ).catch((failure: unknown) => log.error(errorField(failure), '[audit] could not store a failed audit'));
    } finally {
      live.delete(id);
    }
  }

  return {
    async enqueue(url, domain) {
      await interrupted;
      if (waiting.length >= auditLimits.queueMax) throw new AuditQueueFull(auditMessages.queueFull);
      const id = randomBytes(24).toString('base64url');
      const now = Date.now();
      await db
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
      waiting.push(id);
      live.set(id, { status: 'queued', phase: 'queued', done: 0, total: 0 });
      void queue.add(async () => {
        waiting.splice(waiting.indexOf(id), 1);
        if (stopping.signal.aborted) return;
        await run(id, url.href);
      });
      return id;
    },
    live(id) {
      const state = live.get(id);
      if (!state) return null;
      const position = state.status === 'queued' ? waiting.indexOf(id) + 1 || 1 : null;
      return withText({ status: state.status, phase: state.phase, done: state.done, total: state.total, position });
    },
    idle: () => queue.onIdle(),
    async stop() {
      stopping.abort();
      queue.clear();
      await queue.onIdle();
      await interrupted;
      // Audits still waiting never started: they say why.
      if (waiting.length > 0) {
        await db
          .updateTable('audits')
          .set({ status: 'failed', message: auditMessages.interrupted, finished_at: Date.now(), updated_at: Date.now() })
          .where('id', 'in', waiting.splice(0))
          .execute()
          .catch(() => {});
      }
    },
  };
}

/** The host without a leading "www.": one site, however it is typed. */
export function domainOf(url: URL): string {
  return url.host.toLowerCase().replace(/^www\./, '');
}

/** The latest audit of a domain since `since`, if any (a new request within the window is shown this one). */
export async function recentAudit(db: Db, domain: string, since: number): Promise<{ id: string; created_at: number } | null> {
  const row = await db
    .selectFrom('audits')
    .select(['id', 'created_at'])
    .where('domain', '=', domain)
    .where('created_at', '>', since)
    // An audit cut short by a restart is no result to show again.
    .where((eb) => eb.or([eb('message', 'is', null), eb('message', '!=', auditMessages.interrupted)]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, created_at: Number(row.created_at) } : null;
}

export async function auditRow(db: Db, id: string): Promise<Selectable<AuditTable> | null> {
  return (await db.selectFrom('audits').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The results page's view of an audit: live progress when this process is running it, else what is stored. */
export function auditView(row: Selectable<AuditTable>, progress: AuditProgress | null, now = Date.now()): AuditView {
  // Waiting or running, but not in this process and not written to for longer than any audit takes: its process
  // stopped, or its last write failed. It reads as interrupted rather than running for ever.
  const stale = progress === null && (row.status === 'queued' || row.status === 'running') && now - Number(row.updated_at) > staleMs;
  if (stale) return auditView({ ...row, status: 'failed', message: auditMessages.interrupted }, null, now);
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
        position: status === 'queued' ? 1 : null,
      }),
    message: row.message,
    result: report && status === 'done' ? readReport(report, { deadlineHit: report.cancelled }) : null,
    reportRequested: row.lead_id !== null,
  };
}

export async function listAudits(db: Db, limit = 50): Promise<AuditListItem[]> {
  const rows = await db
    .selectFrom('audits')
    .select(['id', 'site', 'created_at', 'status', 'score', 'pages', 'lead_id'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    site: row.site,
    createdAt: Number(row.created_at),
    status: row.status as AuditStatus,
    score: row.score,
    pages: row.pages,
    leadId: row.lead_id,
  }));
}

/** Finished audits in the last `days` and how many became an enquiry. */
export async function auditConversion(db: Db, now: number, days = 30): Promise<AuditConversion> {
  const row = await db
    .selectFrom('audits')
    .select((eb) => [eb.fn.countAll<number>().as('audits'), eb.fn.count<number>('lead_id').as('enquiries')])
    .where('status', '=', 'done')
    .where('created_at', '>', now - days * 86_400_000)
    .executeTakeFirstOrThrow();
  const audits = Number(row.audits);
  const enquiries = Number(row.enquiries);
  return { days, audits, enquiries, rate: audits === 0 ? null : enquiries / audits };
}

/** The clean-up: audits (the address and its report) are kept `auditLimits.retentionDays`. */
export async function deleteOldAudits(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('audits')
    .where('created_at', '<', now - auditLimits.retentionDays * 86_400_000)
    .execute();
}
