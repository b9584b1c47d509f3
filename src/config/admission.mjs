// How much write traffic the server takes before it refuses, decided in the HTTP front before a body is read.
// Plain JavaScript: the front runs outside Astro's bundle (scripts/start.mjs) and reads it directly.
import { publicEndpoints } from './endpoints.mjs';

/** Public endpoints a visitor's browser writes to, with what one client address may send to each per minute. */
export const publicWrites = {
  // A page view and one to three engagement reports per page: a person never comes near it.
  [publicEndpoints.event]: { perMinute: 240 },
  // The enquiry rules themselves (per address and e-mail, in the database) are stricter and say so to the visitor;
  // this only keeps a flood from one address away from the database.
  [publicEndpoints.contact]: { perMinute: 20 },
};

export const writeAdmission = {
  /**
   * Page reads go first: writes wait for their turn, and each turn of the event loop spends at most this long on them
   * (always at least one), then reads again (platform/http/write-turns.mjs).
   */
  turnBudgetMs: 1,
  /** Writes allowed to wait for their turn; past that, 503 at once (each waiting one holds a connection's request). */
  queued: 2000,
  /**
   * Of those, writes one client address (an IPv6 /64) may have waiting; past that, 429 at once. One a connection the
   * address may hold (CONNECTIONS_PER_ADDRESS' default): more can only come pipelined, or through a proxy.
   */
  queuedPerClient: 128,
  /** Writes handled at once; the others wait unread, in arrival order, so reading pages stays fast. */
  concurrent: 4,
  /** Writes allowed to wait for a place; beyond that the server is past what the database takes, and says so (503). */
  waiting: 200,
  /** Seconds a refused client is told to wait (Retry-After) when the server is busy. */
  retryAfterSeconds: 5,
  /** Client addresses remembered for the per-minute counts (the least recently seen is forgotten first). */
  trackedAddresses: 10_000,
};
