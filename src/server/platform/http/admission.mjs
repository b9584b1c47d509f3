// Admission of writes, decided in the HTTP front before a body is read, so that refusing costs less than accepting.
//  1. Per client: one address may send each public write endpoint so many requests a minute (config/admission.mjs);
//     past that, 429 at once, from memory.
//  2. For the whole process: each event-loop turn serves every socket with data ready, so a hundred writes in flight
//     make a page read wait for a hundred writes' work. Only `concurrent` writes run at once; the others wait, unread,
//     in arrival order; when `waiting` are already waiting the server is past what the database takes, and says so
//     with 503 and Retry-After (a browser's enquiry form then tells the visitor to try again or e-mail: nothing is
//     lost silently).
import pLimit from 'p-limit';
import { clientKey } from '../address-range.mjs';

/**
 * @typedef {{ status: 429 | 503, retryAfterSeconds: number, message: string }} Refusal
 * @param {{ perClient: Record<string, { perMinute: number }>, concurrent: number, waiting: number,
 *   retryAfterSeconds: number, trackedAddresses: number }} rules
 */
export function createAdmission(rules) {
  const gate = pLimit(rules.concurrent);
  /** @type {Refusal} */
  const busy = { status: 503, retryAfterSeconds: rules.retryAfterSeconds, message: 'The site is busy. Please try again in a few seconds.' };
  /** `path client` → the current minute's count; Map order is "least recently seen first", so the oldest go first. */
  const windows = new Map();

  /**
   * Whether one more request of this client to this path is within its minute; counts it if so.
   * @param {string} pathname @param {string} address @param {number} now
   * @returns {number} 0 when admitted, else the seconds until the client's minute is over
   */
  function overClientLimit(pathname, address, now) {
    const limit = rules.perClient[pathname];
    if (!limit) return 0;
    const key = `${pathname} ${clientKey(address)}`;
    let window = windows.get(key);
    if (window) windows.delete(key);
    if (!window || now - window.start >= 60_000) window = { start: now, count: 0 };
    windows.set(key, window);
    if (windows.size > rules.trackedAddresses) windows.delete(windows.keys().next().value);
    if (window.count >= limit.perMinute) return Math.max(1, Math.ceil((window.start + 60_000 - now) / 1000));
    window.count++;
    return 0;
  }

  /** @param {string} pathname @param {string} address @returns {Refusal | null} */
  function clientRefusal(pathname, address, now = Date.now()) {
    const wait = overClientLimit(pathname, address, now);
    if (wait === 0) return null;
    return { status: 429, retryAfterSeconds: wait, message: 'Too many requests from your address. Please wait a minute and try again.' };
  }

  return {
    /** Refusal of a request that does not wait for a place (it writes nothing itself): only the client's count. */
    clientRefusal,
    /**
     * A write's refusal, or null when it may go on to wait for its place.
     * @param {string} pathname @param {string} address the resolved client address
     * @returns {Refusal | null}
     */
    refusal(pathname, address, now = Date.now()) {
      const refused = clientRefusal(pathname, address, now);
      if (refused) return refused;
      return gate.pendingCount >= rules.waiting ? busy : null;
    },
    /** The refusal of a write when the server is past what it takes. */
    busy,
    /** The refusal of a write when this client already has `queuedPerClient` writes waiting for their turn. */
    crowding: /** @type {Refusal} */ ({
      status: 429,
      retryAfterSeconds: 1,
      message: 'Too many requests from your address at once. Please wait a moment and try again.',
    }),
    /**
     * Runs `handle` when a place is free; the place is free again when the promise it returns settles.
     * @param {() => Promise<unknown>} handle
     */
    run: (handle) => gate(handle),
    /** Writes waiting for a place now. */
    waiting: () => gate.pendingCount,
  };
}
