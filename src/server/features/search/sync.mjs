// @ts-check
// A search data sync: this site and then each watched client's site, each from Google Search Console and Bing
// Webmaster Tools, one after the other, under one lease so only one process syncs at a time. A site's first run goes
// 16 months back; later runs fetch again the last 5 days stored (Google's figures settle after 2–3 days) up to
// yesterday, replacing them. Each site's source ends with a state for Settings and, when it failed, one log line; the
// days stored before a failure are kept, and one site's failure (a property not shared with the service account, a
// site not in the Bing account) never stops the others.
// Plain JavaScript (typed with JSDoc) because `npm run search:sync` (scripts/search-sync.mjs) runs it without the bundle.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { getDomain } from 'tldts';
import { lease } from '../../platform/lease.mjs';
import { RetryableFailure } from '../../platform/retry.mjs';
import { errorField, log } from '../../platform/log.mjs';
import { plural } from '../../../lib/plural.mjs';
import { addDays, monthsBefore, utcDayOf } from '../../../lib/days.mjs';
import { bingClient } from './bing.mjs';
import { googleClient, gscRowLimit, NotShared, readKeyFile, SourceProblem, tokenSource } from './google.mjs';
import { scrubbedError, scrubSecrets } from './scrub.mjs';
import { dropStaged, lastStoredDay, recordState, replaceDays, stageRows } from './store.mjs';
import { thisSiteId } from '../../../config/sites.mjs';
import { watchedClientSitesInOrder } from '../watch/public.mjs';

export const searchLeaseName = 'search-sync';
const leaseMs = 2 * 60_000;
/** How far back the first run goes. */
export const firstRunMonths = 16;
/** Days fetched again each run (the last stored day and the 4 before it), so figures that settled replace early ones. */
export const refetchDays = 5;

/** @typedef {import('kysely').Kysely<any>} Db */
/** @typedef {import('../../../config/settings.mjs').Settings['search']} SearchSettings */
/**
 * A site whose search data is synced: this website, or a watched client's site. A Site (src/lib/site-types.ts; its
 * `url` without a trailing slash: Bing's site URL, and what its pages' paths are read against) with its property.
 * @typedef {import('../../../lib/site-types').Site & SearchSiteProperty} SearchSite
 */
/**
 * @typedef {object} SearchSiteProperty
 * @property {string} property its Search Console property
 * @property {string} propertySetting where the owner changes the property (named in a refusal)
 */
/**
 * @typedef {object} SourceSummary
 * @property {string} site the site's id
 * @property {string} siteName
 * @property {'google' | 'bing'} source
 * @property {'ok' | 'off' | 'unshared' | 'error'} state
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
 * @property {string[]} [siteIds] only these sites (a client's site just added, or its property just changed)
 */

/**
 * The days to fetch: 16 months back to yesterday on the first run, else from 4 days before the last stored day.
 * @param {string | null} lastDay @param {number} now
 */
export function syncRange(lastDay, now) {
  const to = addDays(utcDayOf(now), -1);
  const earliest = monthsBefore(to, firstRunMonths);
  if (!lastDay) return { from: earliest, to };
  const again = addDays(lastDay < to ? lastDay : to, -(refetchDays - 1));
  return { from: again < earliest ? earliest : again, to };
}

/**
 * A site's default Search Console property: the domain property of its registrable domain, since domain properties
 * are registered on the bare domain (`www.bright-bakery.co.uk` → `sc-domain:bright-bakery.co.uk`, by the Public Suffix
 * List); a host with none (an address, `localhost`) as it is.
 * @param {string} url
 */
export const defaultPropertyOf = (url) => {
  const host = new URL(url).hostname;
  return `sc-domain:${getDomain(host, { allowPrivateDomains: true }) ?? host}`;
};

/** This site's Search Console property: GSC_PROPERTY, else the domain property of SITE_URL's registrable domain. @param {SearchSettings} search @param {string} siteUrl */
export const gscPropertyOf = (search, siteUrl) => search.gscProperty ?? defaultPropertyOf(siteUrl);

/** Where a client site's property is changed, as a refusal names it. */
export const clientPropertySetting = 'the site’s Search Console property in the Sites tab';

/**
 * The sites to sync, this website first, then each client's site now watched (in the order they were added).
 * @param {Db} db @param {string} siteUrl @param {SearchSettings} search @param {string} [siteName]
 * @returns {Promise<SearchSite[]>}
 */
export async function searchSites(db, siteUrl, search, siteName = new URL(siteUrl).host) {
  const clients = await watchedClientSitesInOrder(db);
  return [
    {
      id: thisSiteId,
      name: siteName,
      url: new URL(siteUrl).origin,
      isThisSite: true,
      property: gscPropertyOf(search, siteUrl),
      propertySetting: 'GSC_PROPERTY',
    },
    ...clients.map((site) => ({
      id: site.id,
      name: site.name,
      url: site.url.replace(/\/$/, ''),
      isThisSite: false,
      property: site.searchProperty ?? defaultPropertyOf(site.url),
      propertySetting: clientPropertySetting,
    })),
  ];
}

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
    // One key and one token for the whole run, whichever sites it reads.
    /** @type {Promise<Google> | null} */
    let google = null;
    const googleOf = () =>
      (google ??= readKeyFile(/** @type {string} */ (deps.search.gscServiceAccountFile)).then((key) => ({
        key,
        tokens: tokenSource(key, deps.search.requestTimeoutMs),
      })));
    const sites = await searchSites(db, deps.siteUrl, deps.search);
    for (const site of deps.siteIds ? sites.filter((one) => deps.siteIds?.includes(one.id)) : sites) {
      for (const source of /** @type {const} */ (['google', 'bing'])) {
        if (deps.signal?.aborted) break;
        sources.push(await syncSource(deps, site, source, { wait, renew: () => runLease.renew(holder) }, googleOf));
      }
    }
    return { outcome: 'done', sources };
  } finally {
    await runLease.release(holder);
  }
}

/** @typedef {{ key: { email: string, privateKey: string, tokenUri: string }, tokens: ReturnType<typeof tokenSource> }} Google */

/**
 * @param {SyncDeps} deps @param {SearchSite} site @param {'google' | 'bing'} source
 * @param {{ wait: (ms: number) => Promise<void>, renew: () => Promise<void> }} lease
 * @param {() => Promise<Google>} googleOf
 * @returns {Promise<SourceSummary>}
 */
async function syncSource(deps, site, source, { wait, renew }, googleOf) {
  const { db, search } = deps;
  const now = deps.now ?? Date.now();
  const named = { site: site.id, siteName: site.name, source };
  const off = notSetUp(source, search);
  if (off) {
    await recordState(db, source, { state: 'off', message: off, at: now }, site.id);
    return { ...named, state: 'off', message: off, from: null, to: null, rows: 0 };
  }
  const { from, to } = syncRange(await lastStoredDay(db, source, site.id), now);
  const runId = randomUUID();
  let rows = 0;
  /** The credentials in play, never to reach a state or the log (the clients scrub the APIs' words; this is the last guard). */
  const secrets = [search.bingApiKey];
  try {
    const common = {
      siteUrl: site.url,
      maxAttempts: search.maxAttempts,
      retryBaseMs: search.retryBaseMs,
      timeoutMs: search.requestTimeoutMs,
      wait,
      signal: deps.signal,
    };
    if (source === 'google') {
      const { key, tokens } = await googleOf();
      secrets.push(key.privateKey);
      const client = googleClient(key, {
        ...common,
        apiUrl: search.gscApiUrl,
        property: site.property,
        propertySetting: site.propertySetting,
        pageSize: deps.googlePageSize,
        tokens,
      });
      // A day at a time, each day's pages staged; the staged days replace the stored ones once they hold a page's
      // worth of rows (and at the end), so memory holds one page and a fault keeps the days not yet replaced.
      let windowFrom = from;
      let staged = 0;
      for (let day = from; day <= to; day = addDays(day, 1)) {
        for await (const page of client.day(day)) {
          await stageRows(db, runId, source, page, site.id);
          staged += page.length;
          await renew();
        }
        if (staged >= gscRowLimit || day === to) {
          rows += await replaceDays(db, runId, source, windowFrom, day, site.id);
          windowFrom = addDays(day, 1);
          staged = 0;
        }
      }
    } else {
      const client = bingClient({ ...common, apiUrl: search.bingApiUrl, apiKey: /** @type {string} */ (search.bingApiKey) });
      const inRange = (/** @type {{ day: string }} */ row) => row.day >= from && row.day <= to;
      await stageRows(db, runId, source, (await client.queryStats()).filter(inRange), site.id);
      await renew();
      await stageRows(db, runId, source, (await client.pageStats()).filter(inRange), site.id);
      rows = await replaceDays(db, runId, source, from, to, site.id);
    }
    const message = `Synced ${from} to ${to}: ${plural(rows, 'row', 'rows')}.`;
    await recordState(db, source, { state: 'ok', message, at: Date.now() }, site.id);
    return { ...named, state: 'ok', message, from, to, rows };
  } catch (error) {
    await dropStaged(db, runId).catch(() => {});
    if (deps.signal?.aborted) {
      const message = 'Stopped: the server was shutting down; the days not reached keep their data.';
      await recordState(db, source, { state: 'error', message, at: Date.now() }, site.id).catch(() => {});
      return { ...named, state: 'error', message, from, to, rows };
    }
    const known = error instanceof SourceProblem || error instanceof RetryableFailure;
    const state = error instanceof NotShared ? 'unshared' : 'error';
    const message = known ? scrubSecrets(/** @type {Error} */ (error).message, secrets) : 'The sync failed unexpectedly; the stored data is kept.';
    if (known) log.warn({ source, site: site.id }, `[search] ${site.name} ${source} sync failed: ${message}`);
    else log.error({ source, site: site.id, ...errorField(scrubbedError(error, secrets)) }, `[search] ${site.name} ${source} sync failed`);
    await recordState(db, source, { state, message, at: Date.now() }, site.id);
    return { ...named, state, message, from, to, rows };
  }
}
