// @ts-check
// An IndexNow run: the pages of the built sitemap whose main content changed since they were last submitted (and
// those that left the sitemap) are sent, at most 10,000 URLs per request, and the run and each submission recorded.
// One run at a time across every server process: a lease, renewed while the run waits.
// Plain JavaScript (typed with JSDoc) because `npm run indexnow` (scripts/indexnow.mjs) runs it without the bundle.
import { randomUUID } from 'node:crypto';
import { lease } from '../../platform/lease.mjs';
import { indexNowOffReason } from './eligibility.mjs';
import { currentIndexNowKey } from './key.mjs';
import { sitePages } from './pages.mjs';
import { Stopped, submit } from './submit.mjs';
import { errorField, log } from '../../platform/log.mjs';

/** IndexNow's limit of URLs per request. */
export const indexNowBatchLimit = 10_000;
const leaseName = 'indexnow';
const leaseMs = 2 * 60_000;
/** Rows of history kept for the admin (it shows the last 50 submissions). */
const keptHistoryRows = 200;

/** @typedef {import('kysely').Kysely<any>} Db */
/** @typedef {'start' | 'command' | 'admin' | 'admin-url' | 'post'} IndexNowTrigger */
/** @typedef {import('./submit.mjs').SubmissionOutcome} SubmissionOutcome */
/**
 * @typedef {object} IndexNowSettings
 * @property {string | undefined} key INDEXNOW_KEY; unset, the key switched on in the admin is used (key.mjs)
 * @property {string} endpoint
 * @property {number} maxAttempts
 * @property {number} retryBaseMs
 */
/**
 * @typedef {object} IndexNowDeps
 * @property {Db} db
 * @property {string} clientDir the built site (dist/client)
 * @property {string} siteUrl the public origin, without a trailing slash
 * @property {IndexNowSettings} indexNow
 * @property {AbortSignal} [signal] stops waiting between attempts (server shutdown)
 */
/**
 * @typedef {object} RunSummary
 * @property {'off' | 'busy' | 'nothing' | SubmissionOutcome | 'stopped'} outcome
 * @property {string} message
 * @property {number} changed new or changed URLs found
 * @property {number} removed URLs that left the sitemap
 * @property {number} sent URLs the endpoint accepted
 * @property {{ status: number | null, outcome: SubmissionOutcome, urls: string[], attempts: number, message: string }[]} submissions
 */

/** True while some process holds the run's lease (a run is in progress). @param {Db} db */
export const indexNowRunning = (db) => lease(db, leaseName, leaseMs).held();

/** Keeps the newest rows of a history table. @param {Db} db @param {string} table @param {string} column */
async function pruneHistory(db, table, column) {
  const edge = await db.selectFrom(table).select(column).orderBy(column, 'desc').offset(keptHistoryRows).limit(1).executeTakeFirst();
  if (edge) await db.deleteFrom(table).where(column, '<=', edge[column]).execute();
}

/**
 * Submits what changed (or, with `urls`, exactly those URLs of the site) and records the run.
 * @param {IndexNowDeps} deps
 * @param {{ trigger: IndexNowTrigger, urls?: string[] }} options
 * @returns {Promise<RunSummary>}
 */
export async function runIndexNow(deps, { trigger, urls }) {
  const { db, clientDir, siteUrl } = deps;
  /** @type {RunSummary} */
  const summary = { outcome: 'nothing', message: '', changed: 0, removed: 0, sent: 0, submissions: [] };
  // The key in use now: switched off in the admin since the run was asked for, nothing is sent.
  const indexNow = { ...deps.indexNow, key: (await currentIndexNowKey(db, deps.indexNow.key)).key };
  const off = indexNowOffReason(siteUrl, indexNow.key);
  if (off) return { ...summary, outcome: 'off', message: off };
  const holder = randomUUID();
  const startedAt = Date.now();
  const runLease = lease(db, leaseName, leaseMs);
  if (!(await runLease.acquire(holder, startedAt))) {
    return { ...summary, outcome: 'busy', message: 'Another submission is in progress; this one was not started.' };
  }
  try {
    const current = await sitePages(db, clientDir, siteUrl);
    /** @type {{ url: string, hash: string | null }[]} */
    let due;
    if (urls) {
      due = urls.map((url) => ({ url, hash: current.get(url) ?? null }));
      summary.changed = due.length;
    } else {
      const recorded = new Map((await db.selectFrom('indexnow_pages').select(['url', 'content_hash']).execute()).map((row) => [row.url, row.content_hash]));
      const changed = [...current].filter(([url, hash]) => recorded.get(url) !== hash).map(([url, hash]) => ({ url, hash }));
      const removed = [...recorded]
        .filter(([url, hash]) => hash !== null && !current.has(url))
        .map(([url]) => ({ url, hash: /** @type {string | null} */ (null) }));
      summary.changed = changed.length;
      summary.removed = removed.length;
      due = [...changed, ...removed];
    }

    for (let from = 0; from < due.length; from += indexNowBatchLimit) {
      const batch = due.slice(from, from + indexNowBatchLimit);
      const result = await submit(
        { siteUrl, indexNow, signal: deps.signal, renew: () => runLease.renew(holder) },
        batch.map((item) => item.url),
      );
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('indexnow_submissions')
          .values({
            id: randomUUID(),
            created_at: now,
            trigger,
            url_count: batch.length,
            urls: JSON.stringify(batch.map((item) => item.url)),
            status: result.status,
            outcome: result.outcome,
            message: result.message,
            attempts: result.attempts,
          })
          .execute();
        if (result.outcome !== 'accepted') return;
        // A URL submitted by hand that is not a page of the build leaves the record as it was.
        const recordable = urls ? batch.filter((item) => item.hash !== null) : batch;
        for (let at = 0; at < recordable.length; at += 500) {
          await trx
            .insertInto('indexnow_pages')
            .values(recordable.slice(at, at + 500).map((item) => ({ url: item.url, content_hash: item.hash, submitted_at: now })))
            .onConflict((conflict) =>
              conflict.column('url').doUpdateSet((eb) => ({ content_hash: eb.ref('excluded.content_hash'), submitted_at: eb.ref('excluded.submitted_at') })),
            )
            .execute();
        }
      });
      summary.submissions.push({ ...result, urls: batch.map((item) => item.url) });
      if (result.outcome === 'accepted') summary.sent += batch.length;
    }

    const failedSubmission = summary.submissions.find((s) => s.outcome !== 'accepted');
    if (due.length === 0) {
      summary.outcome = 'nothing';
      summary.message = 'Nothing changed since the last submission.';
    } else if (failedSubmission) {
      summary.outcome = failedSubmission.outcome;
      summary.message = failedSubmission.message;
    } else {
      summary.outcome = 'accepted';
      summary.message = summary.submissions.at(-1)?.message ?? '';
    }
  } catch (error) {
    if (error instanceof Stopped) {
      summary.outcome = 'stopped';
      summary.message = 'Stopped before the endpoint accepted the submission (the server was shutting down).';
    } else {
      log.error(errorField(error), '[indexnow] run failed');
      summary.outcome = 'failed';
      summary.message = `The run failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  } finally {
    try {
      await db
        .insertInto('indexnow_runs')
        .values({
          id: randomUUID(),
          started_at: startedAt,
          finished_at: Date.now(),
          trigger,
          changed: summary.changed,
          removed: summary.removed,
          sent: summary.sent,
          outcome: summary.outcome,
          message: summary.message,
        })
        .execute();
      await pruneHistory(db, 'indexnow_runs', 'started_at');
      await pruneHistory(db, 'indexnow_submissions', 'created_at');
    } finally {
      await runLease.release(holder);
    }
  }
  return summary;
}
