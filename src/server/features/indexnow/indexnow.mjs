// IndexNow from the server: the pages of the built sitemap whose main content changed since they were last submitted
// (and those that left the sitemap) are sent to the IndexNow endpoint, at most 10,000 URLs per request. Answers:
// 200/202 record the submitted hashes; 400/403/422 (and any other 4xx) are recorded with the reason and not retried;
// 429, 5xx and network errors are retried with exponential backoff and jitter. One run at a time across every
// server process: a lease row in the database, renewed while the run waits.
// Plain JavaScript (typed with JSDoc) because `npm run indexnow` (scripts/indexnow.mjs) runs it without the bundle.
import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseSitemap } from '../../platform/sitemap.mjs';

/** IndexNow's limit of URLs per request. */
export const indexNowBatchLimit = 10_000;
const leaseName = 'indexnow';
const leaseMs = 2 * 60_000;
/** A wait longer than this renews the lease in slices, so a live run never loses it. */
const leaseRenewMs = 30_000;
const requestTimeoutMs = 30_000;
const longestRetryWaitMs = 10 * 60_000;
/** Rows of history kept for the admin (it shows the last 50 submissions). */
const keptHistoryRows = 200;

/** @typedef {import('kysely').Kysely<any>} Db */
/** @typedef {'start' | 'command' | 'admin' | 'admin-url'} IndexNowTrigger */
/** @typedef {'accepted' | 'rejected' | 'failed'} SubmissionOutcome */
/**
 * @typedef {object} IndexNowSettings
 * @property {string | undefined} key
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

/** The key file's path on the site. */
export const keyFilePath = (/** @type {string} */ key) => `/${key}.txt`;

/**
 * Why this site must not submit anything, or null when it may: no key, or an origin that is not public https.
 * @param {string} siteUrl
 * @param {string | undefined} key
 */
export function indexNowOffReason(siteUrl, key) {
  if (!key) return 'INDEXNOW_KEY is not set, so IndexNow is off.';
  const url = new URL(siteUrl);
  if (url.protocol !== 'https:') return `SITE_URL (${url.origin}) is not an https address: only the public site submits.`;
  if (isLocalHost(url.hostname)) return `SITE_URL (${url.origin}) is a loopback or private address: only the public site submits.`;
  return null;
}

/** @param {string} hostname as URL gives it (IPv6 in brackets) */
function isLocalHost(hostname) {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || /\.(localhost|local|internal|home\.arpa)$/.test(host)) return true;
  const version = isIP(host);
  if (version === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  if (version === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped?.[1]) return isLocalHost(mapped[1]);
    return host === '::' || host === '::1' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
  }
  return false;
}

/**
 * A hash of what a page says: its main element with scripts, styles and build-specific names (hashed asset file
 * names, scoped-style ids, island ids) taken out, so a rebuild that changes nothing a reader sees hashes the same.
 * @param {string} html
 */
export function pageContentHash(html) {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const normalised = main
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<style\b[\s\S]*?<\/style>/gi, '')
    .replace(/(\/_astro\/[\w-]+?)\.[\w-]{6,}(\.\w+)/g, '$1$2')
    .replace(/\sdata-astro-cid-[\w-]+(="[^"]*")?/g, '')
    .replace(/\s(uid|component-url|renderer-url|before-hydration-url)="[^"]*"/g, '')
    .replace(/\s+/g, ' ');
  return createHash('sha256').update(normalised).digest('hex');
}

/**
 * The built file behind a URL path of the site, or null when it is not inside the build.
 * @param {string} clientDir @param {string} pathname
 */
async function readBuiltPage(clientDir, pathname) {
  const decoded = decodeURIComponent(pathname);
  const candidates = decoded === '/' ? ['index.html'] : [`${decoded}/index.html`, `${decoded}.html`, decoded];
  for (const candidate of candidates) {
    const file = path.join(clientDir, candidate);
    if (!file.startsWith(clientDir + path.sep)) continue;
    try {
      return await readFile(file, 'utf8');
    } catch {
      // try the next form
    }
  }
  return null;
}

/**
 * The URL paths the build's sitemap lists: the pages of the site.
 * @param {string} clientDir
 * @returns {Promise<string[]>}
 */
export async function sitemapPaths(clientDir) {
  const root = path.resolve(clientDir);
  const sitemap = await readFile(path.join(root, 'sitemap.xml'), 'utf8');
  const read = parseSitemap(sitemap);
  let locs = read.locations;
  // A sitemap index: the URLs are in the sitemaps it lists, which are files of this build.
  if (read.kind === 'sitemapindex') {
    const nested = await Promise.all(locs.map(async (loc) => parseSitemap((await readBuiltPage(root, new URL(loc).pathname)) ?? '').locations));
    locs = nested.flat();
  }
  return locs.map((loc) => new URL(loc).pathname);
}

/**
 * Each sitemap URL of the build, on the site's origin, with the hash of its main content.
 * @param {string} clientDir @param {string} siteUrl
 * @returns {Promise<Map<string, string>>}
 */
export async function builtPages(clientDir, siteUrl) {
  const root = path.resolve(clientDir);
  /** @type {Map<string, string>} */
  const pages = new Map();
  for (const pathname of await sitemapPaths(root)) {
    const html = await readBuiltPage(root, pathname);
    if (html === null) {
      console.warn(`[indexnow] ${pathname} is in the sitemap but not in the build; left out.`);
      continue;
    }
    pages.set(siteUrl + pathname, pageContentHash(html));
  }
  return pages;
}

/**
 * Takes the lease when it is free or expired. True when this holder has it.
 * @param {Db} db @param {string} holder @param {number} now
 */
async function acquireLease(db, holder, now) {
  await db
    .insertInto('job_leases')
    .values({ name: leaseName, holder, expires_at: now + leaseMs })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ holder, expires_at: now + leaseMs })
        .where('job_leases.expires_at', '<', now),
    )
    .execute();
  const row = await db.selectFrom('job_leases').select('holder').where('name', '=', leaseName).executeTakeFirst();
  return row?.holder === holder;
}

/** @param {Db} db @param {string} holder */
async function renewLease(db, holder) {
  await db
    .updateTable('job_leases')
    .set({ expires_at: Date.now() + leaseMs })
    .where('name', '=', leaseName)
    .where('holder', '=', holder)
    .execute();
}

/** @param {Db} db @param {string} holder */
async function releaseLease(db, holder) {
  await db.deleteFrom('job_leases').where('name', '=', leaseName).where('holder', '=', holder).execute();
}

/** True while some process holds the lease (a run is in progress). @param {Db} db */
export async function indexNowRunning(db) {
  const row = await db.selectFrom('job_leases').select('expires_at').where('name', '=', leaseName).executeTakeFirst();
  return row !== undefined && Number(row.expires_at) > Date.now();
}

class Stopped extends Error {}

/**
 * Waits, renewing the lease every 30 s; throws Stopped when the signal fires.
 * @param {number} ms @param {Db} db @param {string} holder @param {AbortSignal | undefined} signal
 */
async function wait(ms, db, holder, signal) {
  let left = ms;
  while (left > 0) {
    if (signal?.aborted) throw new Stopped();
    const slice = Math.min(left, leaseRenewMs);
    await new Promise((resolve) => {
      const timer = setTimeout(done, slice);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve(undefined);
      }
      signal?.addEventListener('abort', done, { once: true });
    });
    left -= slice;
    if (signal?.aborted) throw new Stopped();
    await renewLease(db, holder);
  }
}

/**
 * What an answer means for the owner.
 * @param {number | null} status @param {string} host @param {string} keyLocation @param {string} [networkError]
 */
export function describeAnswer(status, host, keyLocation, networkError) {
  if (status === null) return `The endpoint could not be reached (${networkError ?? 'network error'}).`;
  if (status === 200) return 'Accepted (200): the URLs were submitted.';
  if (status === 202) return 'Received (202): the URLs were submitted; the key is still being checked.';
  if (status === 400) return 'Bad request (400): the endpoint did not accept the format of the submission.';
  if (status === 403) return `Key not valid (403): the endpoint did not find INDEXNOW_KEY at ${keyLocation}. Check the key and that this address serves it.`;
  if (status === 422) return `Unprocessable (422): the URLs do not belong to ${host} or the key does not match it. Check SITE_URL and INDEXNOW_KEY.`;
  if (status === 429) return 'Too many requests (429): the endpoint asked to slow down.';
  if (status >= 500) return `The endpoint had an error (${status}).`;
  return `Unexpected answer (${status}) from the endpoint.`;
}

/** @param {number | null} status */
const retryable = (status) => status === null || status === 429 || status >= 500;

/** @param {string | null} header @returns {number | null} */
function retryAfterMs(header) {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * One submission (≤ 10,000 URLs), with retries.
 * @param {IndexNowDeps} deps @param {string} holder @param {string[]} urlList
 */
async function submit(deps, holder, urlList) {
  const { siteUrl, indexNow, db, signal } = deps;
  const host = new URL(siteUrl).host;
  const keyLocation = siteUrl + keyFilePath(/** @type {string} */ (indexNow.key));
  const body = JSON.stringify({ host, key: indexNow.key, keyLocation, urlList });
  for (let attempt = 1; ; attempt++) {
    await renewLease(db, holder);
    /** @type {number | null} */
    let status = null;
    /** @type {string | null} */
    let retryAfter = null;
    let networkError;
    try {
      const response = await fetch(indexNow.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body,
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(requestTimeoutMs)]) : AbortSignal.timeout(requestTimeoutMs),
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      await response.body?.cancel();
    } catch (error) {
      if (signal?.aborted) throw new Stopped();
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      networkError =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${requestTimeoutMs / 1000} s`
          : String(cause instanceof Error ? cause.message : cause);
    }
    const message = describeAnswer(status, host, keyLocation, networkError);
    if (status === 200 || status === 202) return { status, outcome: /** @type {const} */ ('accepted'), attempts: attempt, message };
    if (!retryable(status)) return { status, outcome: /** @type {const} */ ('rejected'), attempts: attempt, message };
    if (attempt >= indexNow.maxAttempts) {
      return {
        status,
        outcome: /** @type {const} */ ('failed'),
        attempts: attempt,
        message: `${message} Gave up after ${attempt} ${attempt === 1 ? 'try' : 'tries'}.`,
      };
    }
    const backoff = indexNow.retryBaseMs * 2 ** (attempt - 1);
    const delay = Math.min(longestRetryWaitMs, retryAfterMs(retryAfter) ?? backoff * (0.5 + Math.random() / 2));
    await wait(delay, db, holder, signal);
  }
}

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
  const { db, clientDir, siteUrl, indexNow } = deps;
  /** @type {RunSummary} */
  const summary = { outcome: 'nothing', message: '', changed: 0, removed: 0, sent: 0, submissions: [] };
  const off = indexNowOffReason(siteUrl, indexNow.key);
  if (off) return { ...summary, outcome: 'off', message: off };
  const holder = randomUUID();
  const startedAt = Date.now();
  if (!(await acquireLease(db, holder, startedAt))) {
    return { ...summary, outcome: 'busy', message: 'Another submission is in progress; this one was not started.' };
  }
  try {
    const current = await builtPages(clientDir, siteUrl);
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
        deps,
        holder,
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
      console.error('[indexnow] run failed:', error);
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
      await releaseLease(db, holder);
    }
  }
  return summary;
}

/**
 * The URL to submit by hand, or why not: a page of this site only.
 * @param {string} input @param {string} siteUrl @param {string[]} pagePaths the sitemap's paths (`sitemapPaths`)
 * @returns {{ url: string } | { error: string }}
 */
export function siteUrlToSubmit(input, siteUrl, pagePaths) {
  let url;
  try {
    url = new URL(input.trim(), siteUrl);
  } catch {
    return { error: 'Enter an address of a page of this site.' };
  }
  const site = new URL(siteUrl);
  if (url.origin !== site.origin) return { error: `Only pages of ${site.host} can be submitted.` };
  // Only a page the site publishes: not the admin, not an address that answers 404. Compared without a trailing slash,
  // and sent in the sitemap's own form.
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (!pagePaths.includes(pathname)) return { error: `${pathname} is not a page of this site (it is not in the sitemap).` };
  return { url: `${site.origin}${pathname}` };
}
