// @ts-check
// Pages rendered on demand take their turn per client, as writes do (admission.mjs): one client (an address; IPv6 by
// its /64) has at most `perClient` of its requests to Astro (pages, the blog, report links, API reads) handled at once,
// the rest wait in arrival order, and past `waitingPerClient` waiting it is told to slow down (429). Twenty connections
// of one client asking for made-up report links had twenty renders in flight, and every other visitor's request waited
// behind them; now they have `perClient`, each next one starts in a later turn of the event loop, and the rest of each
// turn is everyone else's.

/**
 * @param {{ perClient: number, waitingPerClient: number }} rules
 */
export function createRenderTurns({ perClient, waitingPerClient }) {
  /** @type {Map<string, number>} requests being handled, by client */
  const running = new Map();
  /** @type {Map<string, (() => void)[]>} requests waiting for their turn, by client, in arrival order */
  const waiting = new Map();

  /** @param {string} client */
  function release(client) {
    const queue = waiting.get(client);
    const next = queue?.shift();
    if (queue && queue.length === 0) waiting.delete(client);
    // In the next turn of the event loop, after the reads that came meanwhile: an answer from memory needs no I/O, so
    // starting the next one at once chained a client's whole queue in one turn and no one else was read meanwhile.
    if (next) return void setImmediate(next);
    const left = (running.get(client) ?? 1) - 1;
    if (left > 0) running.set(client, left);
    else running.delete(client);
  }

  return {
    /**
     * Handles a request of `client` now or when its turn comes: `start` is called with `done`, which the caller calls
     * once the answer is over (sent or abandoned). 'refused' when too many of this client's wait already; the caller
     * answers at once.
     * @param {string} client @param {(done: () => void) => void} start
     * @returns {'started' | 'queued' | 'refused'}
     */
    run(client, start) {
      let finished = false;
      const done = () => {
        if (finished) return;
        finished = true;
        release(client);
      };
      const count = running.get(client) ?? 0;
      if (count < perClient) {
        running.set(client, count + 1);
        start(done);
        return 'started';
      }
      const queue = waiting.get(client) ?? [];
      if (queue.length >= waitingPerClient) return 'refused';
      queue.push(() => start(done));
      waiting.set(client, queue);
      return 'queued';
    },
    /** Requests of `client` being handled and waiting now. @param {string} client */
    of: (client) => ({ running: running.get(client) ?? 0, waiting: waiting.get(client)?.length ?? 0 }),
  };
}
