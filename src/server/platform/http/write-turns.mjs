// @ts-check
// Reads first. Node serves, in each turn of its event loop, every connection with a request ready, so a hundred
// clients flooding a write endpoint (even when each is only refused) put a hundred requests' work before every page
// read. Here a read is answered in the turn it arrives in, and the writes wait in arrival order and are handled a few
// at a time: each turn at most `budgetMs` of them (always at least one), the rest in the next turns, after the reads
// that came meanwhile. Since a client waits for its answer before it sends again, a flood slows itself down to what
// the writes' share of the time allows, and the pages keep their speed.

/**
 * @param {{ budgetMs: number, limit: number, perClient: number }} options `limit`: writes allowed to wait in all;
 *   `perClient`: of those, from one client (so one client, pipelining on a socket or through a proxy, cannot fill the
 *   queue for everyone). Past either, `add` says no and the caller answers at once.
 */
export function createWriteTurns({ budgetMs, limit, perClient }) {
  /** @type {Map<string, number>} writes waiting, by client */
  const byClient = new Map();
  /** @type {(() => void)[]} */
  let queue = [];
  let next = 0;
  let scheduled = false;

  function turn() {
    const until = performance.now() + budgetMs;
    try {
      do {
        const task = queue[next];
        queue[next++] = noop;
        task?.();
      } while (next < queue.length && performance.now() < until);
    } finally {
      settle();
    }
  }

  /** After a turn (even one whose task threw): the queue rests or the next turn is asked for. */
  function settle() {
    if (next === queue.length) {
      queue = [];
      next = 0;
      scheduled = false;
    } else {
      // Dropping what is done now and then keeps the array from growing while writes keep coming.
      if (next > 1024) {
        queue = queue.slice(next);
        next = 0;
      }
      setImmediate(turn);
    }
  }

  return {
    /**
     * Queues a write of `client`: 'queued', or 'full' when `limit` writes wait, or 'client-full' when `perClient` of
     * this client's do.
     * @param {() => void} task @param {string} client
     * @returns {'queued' | 'full' | 'client-full'}
     */
    add(task, client) {
      if (queue.length - next >= limit) return 'full';
      const waiting = byClient.get(client) ?? 0;
      if (waiting >= perClient) return 'client-full';
      byClient.set(client, waiting + 1);
      queue.push(() => {
        const left = (byClient.get(client) ?? 1) - 1;
        if (left > 0) byClient.set(client, left);
        else byClient.delete(client);
        task();
      });
      if (!scheduled) {
        scheduled = true;
        setImmediate(turn);
      }
      return 'queued';
    },
    /** Writes waiting now. */
    waiting: () => queue.length - next,
  };
}

function noop() {}
