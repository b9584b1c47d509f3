// The hand-offs between scripts/start.mjs, which lives outside Astro's bundle, and the server runtime inside it:
// values left on globalThis under these documented keys, and nothing else.
/** The runtime's stop function, called by the start script on SIGTERM. */
export const shutdownKey = Symbol.for('hale-digital.shutdown');
/** The built site's directory (dist/client), set by the start script. */
export const clientDirKey = Symbol.for('hale-digital.client-dir');
