// @ts-check
// The one way to try something again in-process: p-retry counts the attempts and stops on anything not worth
// retrying; the wait between tries is exponential backoff with jitter, or what the other side asked for (Retry-After).
import { setTimeout as sleep } from 'node:timers/promises';
import pRetry from 'p-retry';

/** A failure worth another try; `retryAfterMs` is the wait the other side asked for, if it said. */
export class RetryableFailure extends Error {
  /** @param {string} message @param {number | null} [retryAfterMs] */
  constructor(message, retryAfterMs = null) {
    super(message);
    this.name = 'RetryableFailure';
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * A Retry-After header as milliseconds (seconds or an HTTP date); null when absent or unreadable.
 * @param {string | null} header
 */
export function retryAfterMs(header, now = Date.now()) {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * Runs `attempt` (given its number, from 1) until it returns or throws anything but a RetryableFailure, at most
 * `attempts` times; the last RetryableFailure is thrown when they run out. Between tries: baseMs · 2^(n−1) with
 * jitter (× 0.5–1), or the failure's retryAfterMs, at most maxWaitMs, spent in `wait` (which may work meanwhile, or
 * throw to stop).
 * @template T
 * @param {(attemptNumber: number) => Promise<T>} attempt
 * @param {{ attempts: number, baseMs: number, maxWaitMs: number, wait?: (ms: number) => Promise<unknown> }} options
 * @returns {Promise<T>}
 */
export function withRetries(attempt, { attempts, baseMs, maxWaitMs, wait = (ms) => sleep(ms) }) {
  return pRetry(attempt, {
    retries: Math.max(0, attempts - 1),
    // The wait is ours (it honours Retry-After), so p-retry's own is none.
    minTimeout: 0,
    maxTimeout: 0,
    shouldRetry: ({ error }) => error instanceof RetryableFailure,
    async onFailedAttempt({ error, attemptNumber, retriesLeft }) {
      if (!(error instanceof RetryableFailure) || retriesLeft === 0) return;
      const backoff = baseMs * 2 ** (attemptNumber - 1) * (0.5 + Math.random() / 2);
      await wait(Math.min(maxWaitMs, error.retryAfterMs ?? backoff));
    },
  });
}
