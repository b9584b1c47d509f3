// @ts-check
// One IndexNow submission and what its answer means: 200/202 accepted; 400/403/422 (and any other 4xx) rejected with
// the reason and not retried; 429, 5xx and network errors retried with backoff and jitter, or as Retry-After asks.
import { setTimeout as sleep } from 'node:timers/promises';
import { RetryableFailure, retryAfterMs, withRetries } from '../../platform/retry.mjs';
import { keyFilePath } from './eligibility.mjs';
import { plural } from '../../../lib/plural.mjs';

/** @typedef {import('./run.mjs').IndexNowSettings} IndexNowSettings */
/** @typedef {'accepted' | 'rejected' | 'failed'} SubmissionOutcome */
/** @typedef {{ status: number | null, outcome: SubmissionOutcome, attempts: number, message: string }} SubmissionResult */

/** A wait longer than this renews the lease in slices, so a live run never loses it. */
const leaseRenewMs = 30_000;
const requestTimeoutMs = 30_000;
const longestRetryWaitMs = 10 * 60_000;

/**
 * What an answer means for the owner.
 * @param {number | null} status @param {string} host @param {string} keyLocation @param {string} [networkError]
 */
export function describeAnswer(status, host, keyLocation, networkError) {
  if (status === null) return `The endpoint could not be reached (${networkError ?? 'network error'}).`;
  if (status === 200) return 'Accepted (200): the URLs were submitted.';
  if (status === 202) return 'Received (202): the URLs were submitted; the key is still being checked.';
  if (status === 400) return 'Bad request (400): the endpoint did not accept the format of the submission.';
  if (status === 403) return `Key not valid (403): the endpoint did not find the site's key at ${keyLocation}. Check the key and that this address serves it.`;
  if (status === 422) return `Unprocessable (422): the URLs do not belong to ${host} or the key does not match it. Check SITE_URL and the key.`;
  if (status === 429) return 'Too many requests (429): the endpoint asked to slow down.';
  if (status >= 500) return `The endpoint had an error (${status}).`;
  return `Unexpected answer (${status}) from the endpoint.`;
}

/** @param {number | null} status */
const retryable = (status) => status === null || status === 429 || status >= 500;

/** Thrown when the run is told to stop (the server shutting down) while it waits or sends. */
export class Stopped extends Error {}

/**
 * Waits, renewing the run's lease every 30 s; throws Stopped when the signal fires.
 * @param {number} ms @param {() => Promise<void>} renew @param {AbortSignal | undefined} signal
 */
async function waitRenewing(ms, renew, signal) {
  let left = ms;
  while (left > 0) {
    if (signal?.aborted) throw new Stopped();
    const slice = Math.min(left, leaseRenewMs);
    await sleep(slice, undefined, { signal }).catch(() => {});
    left -= slice;
    if (signal?.aborted) throw new Stopped();
    await renew();
  }
}

/**
 * @typedef {object} SubmitTarget
 * @property {string} siteUrl the public origin, without a trailing slash
 * @property {IndexNowSettings} indexNow
 * @property {() => Promise<void>} renew keeps the run's lease
 * @property {AbortSignal} [signal] stops waiting and sending (server shutdown)
 */

/**
 * One submission (≤ 10,000 URLs), with retries: 429, 5xx and network errors are tried again; other answers are final.
 * @param {SubmitTarget} target @param {string[]} urlList
 * @returns {Promise<SubmissionResult>}
 */
export async function submit({ siteUrl, indexNow, renew, signal }, urlList) {
  const host = new URL(siteUrl).host;
  const keyLocation = siteUrl + keyFilePath(/** @type {string} */ (indexNow.key));
  const body = JSON.stringify({ host, key: indexNow.key, keyLocation, urlList });
  /** @type {SubmissionResult | null} */
  let last = null;
  try {
    return await withRetries(
      async (attempt) => {
        await renew();
        const { status, retryAfter, networkError } = await post(indexNow.endpoint, body, signal);
        const message = describeAnswer(status, host, keyLocation, networkError);
        if (status === 200 || status === 202) return { status, outcome: /** @type {const} */ ('accepted'), attempts: attempt, message };
        if (!retryable(status)) return { status, outcome: /** @type {const} */ ('rejected'), attempts: attempt, message };
        last = {
          status,
          outcome: /** @type {const} */ ('failed'),
          attempts: attempt,
          message: `${message} Gave up after ${plural(attempt, 'try', 'tries')}.`,
        };
        throw new RetryableFailure(message, retryAfterMs(retryAfter));
      },
      { attempts: indexNow.maxAttempts, baseMs: indexNow.retryBaseMs, maxWaitMs: longestRetryWaitMs, wait: (ms) => waitRenewing(ms, renew, signal) },
    );
  } catch (error) {
    if (error instanceof RetryableFailure && last) return last;
    throw error;
  }
}

/**
 * @param {string} endpoint @param {string} body @param {AbortSignal | undefined} signal
 * @returns {Promise<{ status: number | null, retryAfter: string | null, networkError?: string }>}
 */
async function post(endpoint, body, signal) {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body,
      redirect: 'manual',
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(requestTimeoutMs)]) : AbortSignal.timeout(requestTimeoutMs),
    });
    await response.body?.cancel();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    if (signal?.aborted) throw new Stopped();
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const networkError =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${requestTimeoutMs / 1000} s`
        : String(cause instanceof Error ? cause.message : cause);
    return { status: null, retryAfter: null, networkError };
  }
}
