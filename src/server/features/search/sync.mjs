// A search data sync: Google Search Console and Bing Webmaster Tools, one after the other, under one lease so only
// one process syncs at a time. The first run goes 16 months back; later runs fetch again the last 5 days stored
// (Google's figures settle after 2–3 days) up to yesterday, replacing them. Each source ends with a state for
// Settings and, when it failed, one log line; the days stored before a failure are kept.
// Plain JavaScript (typed with JSDoc) because `npm run search:sync` (scripts/search-sync.mjs) runs it without the bundle.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { lease } from '../../platform/lease.mjs';
import { RetryableFailure } from '../../platform/retry.mjs';
import { errorField, log } from '../../platform/log.mjs';
import { plural } from '../../../lib/plural.mjs';
import { addDays, monthsBefore, utcDay } from './days.mjs';
import { bingClient } from './bing.mjs';
import { googleClient, gscRowLimit, readKeyFile, SourceProblem } from './google.mjs';
import { scrubbedError, scrubSecrets } from './scrub.mjs';
import { dropStaged, lastStoredDay, recordState, replaceDays, stageRows } from './store.mjs';

export const searchLeaseName = 'search-sync';
const leaseMs = 2 * 60_000;
/** How far back the first run goes. */
export const firstRunMonths = 16;
/** Days fetched again each run (the last stored day and the 4 before it), so figures that settled replace early ones. */
export const refetchDays = 5;

/** @typedef {import('kysely').Kysely<any>} Db */
/** @typedef {import('../../../config/settings.mjs').Settings['search']} SearchSettings */
/**
 * @typedef {object} SourceSummary
 * @property {'google' | 'bing'} source
 * @property {'ok' | 'off' | 'error'} state
 * @property {string} message
 * @property {string | null} from
 * @property {string | null} to
 * @property {number} rows rows stored for the days fetched
 */
/** @typedef {{ outcome: 'busy' | 'done', sources: SourceSummary[] }} SyncSummary */

/**
 * @typedef {object} SyncDeps
 * @property {Db} db
 * @property {string} siteUrl
 * @property {SearchSettings} search
 * @property {AbortSignal} [signal]
 * @property {number} [now]
 * @property {number} [googlePageSize] rows per Search Analytics request (tests ask for fewer than 25,000)
 */

/**
 * The days to fetch: 16 months back to yesterday on the first run, else from 4 days before the last stored day.
 * @param {string | null} lastDay @param {number} now
 */
export function syncRange(lastDay, now) {
  const to = addDays(utcDay(now), -1);
  const earliest = monthsBefore(to, firstRunMonths);
  if (!lastDay) return { from: earliest, to };
  const again = addDays(lastDay < to ? lastDay : to, -(refetchDays - 1));
  return { from: again < earliest ? earliest : again, to };
}

/** The Search Console property read: GSC_PROPERTY, else the domain property of SITE_URL's host. @param {SearchSettings} search @param {string} siteUrl */
export const gscPropertyOf = (search, siteUrl) => search.gscProperty ?? `sc-domain:${new URL(siteUrl).hostname}`;

/** Why a source is not synced, or null when it is set up. @param {'google' | 'bing'} source @param {SearchSettings} search */
export function notSetUp(source, search) {
  if (source === 'google' && !search.gscServiceAccountFile) return 'Not connected: GSC_SERVICE_ACCOUNT_FILE is not set.';
  if (source === 'bing' && !search.bingApiKey) return 'Not connected: BING_WEBMASTER_API_KEY is not set.';
  return null;
}

/** @param {SyncDeps} deps @returns {Promise<SyncSummary>} */
export async function runSearchSync(deps) {
  const { db } = deps;
  const holder = randomUUID();
  const runLease = lease(db, searchLeaseName, leaseMs);
  if (!(await runLease.acquire(holder, deps.now ?? Date.now()))) return { outcome: 'busy', sources: [] };
  /** Waits between tries, renewing the lease; stops at once on shutdown. @param {number} ms */
  const wait = async (ms) => {
    for (let left = ms; left > 0; left -= 30_000) {
      await sleep(Math.min(left, 30_000), undefined, { signal: deps.signal });
      await runLease.renew(holder);
    }
  };
  try {
    /** @type {SourceSummary[]} */
    const sources = [];
    for (const source of /** @type {const} */ (['google', 'bing'])) {
      sources.push(await syncSource(deps, source, { wait, renew: () => runLease.renew(holder) }));
    }
    return { outcome: 'done', sources };
  } finally {
    await runLease.release(holder);
  }
}

/**
 * @param {SyncDeps} deps @param {'google' | 'bing'} source
 * @param {{ wait: (ms: number) => Promise<void>, renew: () => Promise<void> }} lease
 * @returns {Promise<SourceSummary>}
 */
async function syncSource(deps, source, { wait, renew }) {
  const { db, search } = deps;
  const now = deps.now ?? Date.now();
  const off = notSetUp(source, search);
  if (off) {
    await recordState(db, source, { state: 'off', message: off, at: now });
    return { source, state: 'off', message: off, from: null, to: null, rows: 0 };
  }
  const { from, to } = syncRange(await lastStoredDay(db, source), now);
  const runId = randomUUID();
  let rows = 0;
  /** The credentials in play, never to reach a state or the log (the clients scrub the APIs' words; this is the last guard). */
  const secrets = [search.bingApiKey];
  try {
    const common = {
      siteUrl: deps.siteUrl,
      maxAttempts: search.maxAttempts,
      retryBaseMs: search.retryBaseMs,
      timeoutMs: search.requestTimeoutMs,
      wait,
      signal: deps.signal,
    };
    if (source === 'google') {
      const key = await readKeyFile(/** @type {string} */ (search.gscServiceAccountFile));
      secrets.push(key.privateKey);
      const client = googleClient(key, { ...common, apiUrl: search.gscApiUrl, property: gscPropertyOf(search, deps.siteUrl), pageSize: deps.googlePageSize });
      // A day at a time, each day's pages staged; the staged days replace the stored ones once they hold a page's
      // worth of rows (and at the end), so memory holds one page and a fault keeps the days not yet replaced.
      let windowFrom = from;
      let staged = 0;
      for (let day = from; day <= to; day = addDays(day, 1)) {
        for await (const page of client.day(day)) {
          await stageRows(db, runId, source, page);
          staged += page.length;
          await renew();
        }
        if (staged >= gscRowLimit || day === to) {
          rows += await replaceDays(db, runId, source, windowFrom, day);
          windowFrom = addDays(day, 1);
          staged = 0;
        }
      }
    } else {
      const client = bingClient({ ...common, apiUrl: search.bingApiUrl, apiKey: /** @type {string} */ (search.bingApiKey) });
      const inRange = (/** @type {{ day: string }} */ row) => row.day >= from && row.day <= to;
      await stageRows(db, runId, source, (await client.queryStats()).filter(inRange));
      await renew();
      await stageRows(db, runId, source, (await client.pageStats()).filter(inRange));
      rows = await replaceDays(db, runId, source, from, to);
    }
    const message = `Synced ${from} to ${to}: ${plural(rows, 'row', 'rows')}.`;
    await recordState(db, source, { state: 'ok', message, at: Date.now() });
    return { source, state: 'ok', message, from, to, rows };
  } catch (error) {
    await dropStaged(db, runId).catch(() => {});
    if (deps.signal?.aborted) {
      const message = 'Stopped: the server was shutting down; the days not reached keep their data.';
      await recordState(db, source, { state: 'error', message, at: Date.now() }).catch(() => {});
      return { source, state: 'error', message, from, to, rows };
    }
    const known = error instanceof SourceProblem || error instanceof RetryableFailure;
    const message = known ? scrubSecrets(/** @type {Error} */ (error).message, secrets) : 'The sync failed unexpectedly; the stored data is kept.';
    if (known) log.warn({ source }, `[search] ${source} sync failed: ${message}`);
    else log.error({ source, ...errorField(scrubbedError(error, secrets)) }, `[search] ${source} sync failed`);
    await recordState(db, source, { state: 'error', message, at: Date.now() });
    return { source, state: 'error', message, from, to, rows };
  }
}
