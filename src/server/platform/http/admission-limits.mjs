// @ts-check
// How much write traffic the server takes before it refuses, decided in the HTTP front before a body is read.
// Plain JavaScript: the front runs outside Astro's bundle (scripts/start.mjs) and reads it directly.
import { analyticsEndpoint } from '../../../config/analytics-wire.mjs';
import { publicEndpoints } from '../../../config/endpoints.mjs';

/** Public endpoints a visitor's browser writes to, with what one client (an IPv6 /64) may send to each per minute. */
export const publicWrites = {
  // A page view and one to three engagement reports per page: a person never comes near it.
  [analyticsEndpoint]: { perMinute: 240 },
  // The enquiry rules themselves (per address and e-mail, in the database) are stricter and say so to the visitor;
  // this only keeps a flood from one address away from the database.
  [publicEndpoints.contact]: { perMinute: 20 },
  // The audit's own limits (a few an hour, in the database) are stricter; this keeps the flood out of the database.
  [publicEndpoints.audit]: { perMinute: 10 },
  // Sign-in hashes a password (tens of milliseconds of a core) before its own limits, in the database, can say no:
  // a client reconnecting all the time may not ask for that more than this.
  [publicEndpoints.signIn]: { perMinute: 20 },
  [publicEndpoints.twoFactor]: { perMinute: 20 },
  [publicEndpoints.forgotPassword]: { perMinute: 10 },
  [publicEndpoints.resetPassword]: { perMinute: 10 },
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
  /**
   * Writes handled at once (places); the others wait in arrival order, so reading pages stays fast. One client holds
   * at most one place: its next write waits until the first is answered, however many connections it opens.
   */
  concurrent: 4,
  /** Writes allowed to wait for a place; beyond that the server is past what the database takes, and says so (503). */
  waiting: 200,
  /** Of those, writes one client may have waiting for a place (its writes run one at a time); past that, 429. */
  waitingPerClient: 16,
  /**
   * A write holds its place until its answer begins, at most this long: then the place goes to the next write and, if
   * the handler has not answered yet, the client is told the site is busy (503).
   */
  holdMs: 15_000,
  /** Seconds a refused client is told to wait (Retry-After) when the server is busy. */
  retryAfterSeconds: 5,
  /** Client addresses remembered for the per-minute counts (the least recently seen is forgotten first). */
  trackedAddresses: 10_000,
};

/**
 * Reads handed to Astro (anything not a built file: the blog, report links, the admin's pages and API reads) take their
 * turn per client (platform/http/render-turns.mjs), so one client's flood of pages rendered on demand waits for itself.
 */
export const renderTurns = {
  /** Of one client's (an IPv6 /64) reads, this many are handled at once (the admin's views ask for a few together). */
  perClient: 2,
  /**
   * Of one client's reads, this many may wait for their turn; past that, 429 at once. Half the connections one address
   * may hold (CONNECTIONS_PER_ADDRESS' default): a browser opens six.
   */
  waitingPerClient: 64,
};

/**
 * A write's body is read in full by the front before the write may take a place, so a client that sends slowly holds
 * a connection, never a place. The numbers bound how slowly and how much.
 */
export const bodyReading = {
  /** Time any body has from the end of the request's headers, however small: a form on a poor phone connection. */
  graceMs: 5_000,
  /**
   * Past the grace, the body must have come at least this fast on average (bytes a second, counted from when the
   * front starts reading it; 64 kbit/s, a poor mobile uplink); a slower one is refused with 408.
   */
  minBytesPerSecond: 8 * 1024,
  /**
   * The most of one body read ahead: every public form and JSON body is far smaller. A larger body (or one whose
   * Content-Length says so) is handed on as it arrives once it has a place, and its endpoint refuses it (413). The
   * admin's cover images are such bodies: read by their endpoint after the session is checked, never ahead by the
   * front for anyone who names an admin address.
   */
  maxBytes: 64 * 1024,
  /** Bytes of bodies read ahead for one client at once (16 bodies), and for all together; past either, 429 or 503. */
  perClientBytes: 1024 * 1024,
  totalBytes: 64 * 1024 * 1024,
};
