// @ts-check
// The hand-offs between scripts/start.mjs, which lives outside Astro's bundle, and the server runtime inside it:
// values left on globalThis under these documented keys, and nothing else.
/** The runtime's stop function, called by the start script on SIGTERM. */
export const shutdownKey = Symbol.for('hale-digital.shutdown');
/** The built site's directory (dist/client), set by the start script. */
export const clientDirKey = Symbol.for('hale-digital.client-dir');
/** The process's one logger and its request context: the start script's copy of log.mjs and the bundle's share them. */
export const logKey = Symbol.for('hale-digital.log');
/**
 * Public write endpoints the HTTP front may hand a request straight to, without the router, when it carries no
 * cookie: `{ [path]: (req, clientAddress, host) => Promise<{ status, text?, headers? }> }`. Set by the runtime once it
 * exists; until then (and for requests with cookies) the route in src/pages/api answers.
 */
export const intakesKey = Symbol.for('hale-digital.intakes');
/**
 * Addresses the HTTP front may refuse itself, without the router: `{ [prefix]: (rest) => Promise<boolean> }`, true
 * when what follows the prefix is no link at all (a made-up report link), answered with the site's 404 page from
 * memory. Set by the runtime once it exists; until then, and for any other answer, the route answers.
 */
export const unknownLinksKey = Symbol.for('hale-digital.unknown-links');

/**
 * globalThis as the hand-offs see it, for plain-JavaScript readers (runtime.ts, their writer, declares the same).
 * @typedef {{ status: number, text?: string, headers?: Record<string, string> }} IntakeAnswer
 * @typedef {{
 *   [intakesKey]?: Record<string, (req: import('node:http').IncomingMessage, clientAddress: string, host: string) => Promise<IntakeAnswer>>,
 *   [unknownLinksKey]?: Record<string, (rest: string) => Promise<boolean>>,
 *   [logKey]?: unknown,
 * }} Handoffs
 */
export const handoffs = /** @type {Handoffs} */ (/** @type {unknown} */ (globalThis));
