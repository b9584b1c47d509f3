// Reads first. Node serves, in each turn of its event loop, every connection with a request ready, so a hundred
// clients flooding a write endpoint (even when each is only refused) put a hundred requests' work before every page
// read. Here a read is answered in the turn it arrives in, and the writes wait in arrival order and are handled a few
// at a time: each turn at most `budgetMs` of them (always at least one), the rest in the next turns, after the reads
// that came meanwhile. Since a client waits for its answer before it sends again, a flood slows itself down to what
// the writes' share of the time allows, and the pages keep their speed.

/**
 * @param {{ budgetMs: number, limit: number }} options `limit`: writes allowed to wait; past it `add` says no, and
 *   the caller answers at once (503) rather than hold more connections' requests in memory.
 */
export function createWriteTurns({ budgetMs, limit }) {
  /** @type {(() => void)[]} */
  let queue = [];
  let next = 0;
  let scheduled = false;

  function turn() {
    const until = performance.now() + budgetMs;
    do {
      const task = queue[next];
      queue[next++] = noop;
      task?.();
    } while (next < queue.length && performance.now() < until);
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
    /** Queues a write; false when `limit` are already waiting. @param {() => void} task */
    add(task) {
      if (queue.length - next >= limit) return false;
      queue.push(task);
      if (!scheduled) {
        scheduled = true;
        setImmediate(turn);
      }
      return true;
    },
    /** Writes waiting now. */
    waiting: () => queue.length - next,
  };
}

function noop() {}
