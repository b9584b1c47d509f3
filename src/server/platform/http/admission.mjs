// @ts-check
// Admission of writes, decided in the HTTP front so that refusing costs less than accepting.
//  1. Per client: one address (an IPv6 /64) may send each public write endpoint so many requests a minute
//     (admission-limits.mjs); past that, 429 at once, from memory, before the body is read.
//  2. For the whole process: each event-loop turn serves every socket with data ready, so a hundred writes in flight
//     make a page read wait for a hundred writes' work. Only `concurrent` writes run at once (places); the others wait
//     in arrival order; when `waiting` are already waiting the server is past what the database takes, and says so
//     with 503 and Retry-After (a browser's enquiry form then tells the visitor to try again or e-mail: nothing is
//     lost silently).
//  3. One client holds at most one place: four slow writes of one client held all four places, and every other
//     client's write waited for them. A client's next write waits until its first has its answer, and a place is held
//     at most `holdMs`. (The front reads a write's body before the write asks for a place: body.mjs.)
import { clientKey } from '../address-range.mjs';
import { createMemoryLimiter } from '../memory-limit.mjs';

/**
 * @typedef {{ status: 408 | 429 | 503, retryAfterSeconds: number, message: string }} Refusal
 * @typedef {{ client: string, handle: () => Promise<unknown>, overdue: () => void, done: (value?: unknown) => void }} Entry
 * @param {{ perClient: Record<string, { perMinute: number }>, concurrent: number, waiting: number, waitingPerClient: number,
 *   holdMs: number, retryAfterSeconds: number, trackedAddresses: number }} rules
 */
export function createAdmission(rules) {
  /** @type {Refusal} */
  const busy = { status: 503, retryAfterSeconds: rules.retryAfterSeconds, message: 'The site is busy. Please try again in a few seconds.' };
  /** @type {Refusal} */
  const crowding = {
    status: 429,
    retryAfterSeconds: 1,
    message: 'Too many requests from your address at once. Please wait a moment and try again.',
  };
  /** Per endpoint, each client's minute (the one in-memory limiter; the least recently seen is forgotten first). */
  const minutes = new Map(
    Object.entries(rules.perClient).map(([pathname, { perMinute }]) => [
      pathname,
      createMemoryLimiter({ max: perMinute, windowMs: 60_000, maxKeys: rules.trackedAddresses }),
    ]),
  );
  /** Clients holding a place now. */
  const holding = new Set();
  /** @type {Entry[]} writes waiting for a place, in arrival order */
  const line = [];
  /** @type {Map<string, number>} of those, how many each client has */
  const waitingByClient = new Map();

  /** @param {string} pathname @param {string} address @returns {Refusal | null} */
  function clientRefusal(pathname, address, now = Date.now()) {
    const decision = minutes.get(pathname)?.take(clientKey(address), now);
    if (!decision || decision.allowed) return null;
    return { status: 429, retryAfterSeconds: decision.retryAfterSeconds, message: 'Too many requests from your address. Please wait a minute and try again.' };
  }

  /**
   * Whether this client already has `waitingPerClient` writes waiting for a place.
   * @param {string} address
   */
  function crowded(address) {
    return (waitingByClient.get(clientKey(address)) ?? 0) >= rules.waitingPerClient;
  }

  /** Gives free places to the first waiting writes whose clients hold none. */
  function fill() {
    for (let i = 0; i < line.length && holding.size < rules.concurrent;) {
      const entry = /** @type {Entry} */ (line[i]);
      if (holding.has(entry.client)) {
        i++;
        continue;
      }
      line.splice(i, 1);
      const left = (waitingByClient.get(entry.client) ?? 1) - 1;
      if (left > 0) waitingByClient.set(entry.client, left);
      else waitingByClient.delete(entry.client);
      start(entry);
    }
  }

  /** @param {Entry} entry */
  function start(entry) {
    holding.add(entry.client);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      holding.delete(entry.client);
      entry.done();
      fill();
    };
    const timer = setTimeout(() => {
      try {
        entry.overdue();
      } finally {
        release();
      }
    }, rules.holdMs);
    let running;
    try {
      running = Promise.resolve(entry.handle());
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(release, release);
  }

  return {
    /** Refusal of a request that does not wait for a place (it writes nothing itself): only the client's count. */
    clientRefusal,
    /**
     * A write's refusal, or null when it may go on (its body is read, then it waits for its place).
     * @param {string} pathname @param {string} address the resolved client address
     * @returns {Refusal | null}
     */
    refusal(pathname, address, now = Date.now()) {
      const refused = clientRefusal(pathname, address, now);
      if (refused) return refused;
      if (line.length >= rules.waiting) return busy;
      return crowded(address) ? crowding : null;
    },
    crowded,
    /** The refusal of a write when the server is past what it takes. */
    busy,
    /** The refusal of a write when this client already has too many writes waiting. */
    crowding,
    /** The refusal of a write whose body came slower than the minimum rate (body.mjs). */
    slowBody: /** @type {Refusal} */ ({
      status: 408,
      retryAfterSeconds: 1,
      message: 'The request arrived too slowly and was not read. Please try again.',
    }),
    /**
     * Runs `handle` when a place is free and the client holds no other; the place is free again when the promise it
     * returns settles, or after `holdMs`, when `overdue` is called first (the handler has not answered in time).
     * Resolves when the place is given back.
     * @param {string} address the resolved client address
     * @param {() => Promise<unknown>} handle
     * @param {() => void} [overdue]
     */
    run(address, handle, overdue = () => undefined) {
      const client = clientKey(address);
      return new Promise((done) => {
        line.push({ client, handle, overdue, done });
        waitingByClient.set(client, (waitingByClient.get(client) ?? 0) + 1);
        fill();
      });
    },
    /** Writes waiting for a place now. */
    waiting: () => line.length,
    /** Places held now. */
    held: () => holding.size,
  };
}
