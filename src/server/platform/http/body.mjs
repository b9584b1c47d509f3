// @ts-check
// A write's body, read by the front before the write may take a place (admission.mjs). Four clients sending a body one
// byte every two seconds held all four places for half a minute, because a place was taken before the body came. Here
// the body is read into memory first, at a minimum rate (admission-limits.mjs `bodyReading`), and the request Astro
// gets replays it; a body larger than the front reads ahead is handed on as it comes, and its endpoint refuses it.

/**
 * Bytes of bodies held in memory, per client and in all.
 * @param {{ perClientBytes: number, totalBytes: number }} limits
 */
export function createBodyBudget({ perClientBytes, totalBytes }) {
  /** @type {Map<string, number>} */
  const byClient = new Map();
  let total = 0;
  return {
    /**
     * Takes `bytes` for `client`, or says which limit it would pass.
     * @param {string} client @param {number} bytes @returns {'ok' | 'client' | 'total'}
     */
    take(client, bytes) {
      const held = byClient.get(client) ?? 0;
      if (held + bytes > perClientBytes) return 'client';
      if (total + bytes > totalBytes) return 'total';
      byClient.set(client, held + bytes);
      total += bytes;
      return 'ok';
    },
    /** @param {string} client @param {number} bytes */
    give(client, bytes) {
      const left = (byClient.get(client) ?? 0) - bytes;
      if (left > 0) byClient.set(client, left);
      else byClient.delete(client);
      total -= bytes;
    },
    /** Bytes held now, in all. */
    held: () => total,
  };
}

/**
 * @typedef {{ outcome: 'read', chunks: Buffer[], bytes: number, complete: boolean }
 *   | { outcome: 'slow' | 'gone' | 'client-budget' | 'total-budget' }} BodyRead
 * `read`: the body in `chunks`; `complete` is false when it passed `maxBytes` (the rest is still to come, unread).
 */

/**
 * Reads a request's body into memory, at least `minBytesPerSecond` on average once `graceMs` has passed; stops after
 * `maxBytes` (more than that is left unread: `complete` is false). Content-Length above `maxBytes` is not read at all.
 * The bytes kept are taken from `budget` for `client`; `release` gives them back when the request is done with them.
 * @param {import('node:http').IncomingMessage} req
 * @param {{ maxBytes: number, graceMs: number, minBytesPerSecond: number, client: string,
 *   budget: ReturnType<typeof createBodyBudget> }} options
 * @returns {Promise<BodyRead & { release: () => void }>}
 */
export function readBody(req, { maxBytes, graceMs, minBytesPerSecond, client, budget }) {
  let taken = 0;
  const release = () => {
    budget.give(client, taken);
    taken = 0;
  };
  if (Number(req.headers['content-length']) > maxBytes) return Promise.resolve({ outcome: 'read', chunks: [], bytes: 0, complete: false, release });
  const started = performance.now();
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let bytes = 0;
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    /** @param {BodyRead} result */
    const finish = (result) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', ignore);
      if (result.outcome !== 'read') release();
      resolve({ ...result, release });
    };
    /** The body is on time while what has come is what the grace and the rate allow for the time passed. */
    const check = () => {
      const allowedMs = graceMs + (bytes / minBytesPerSecond) * 1000;
      const late = performance.now() - started - allowedMs;
      if (late >= 0) return finish({ outcome: 'slow' });
      timer = setTimeout(check, -late + 1);
    };
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      const taking = budget.take(client, chunk.length);
      if (taking !== 'ok') {
        req.pause();
        return finish({ outcome: taking === 'client' ? 'client-budget' : 'total-budget' });
      }
      taken += chunk.length;
      chunks.push(chunk);
      bytes += chunk.length;
      if (bytes > maxBytes) {
        // The rest stays in the request, for the endpoint to read (and refuse) once the write has its place.
        req.pause();
        finish({ outcome: 'read', chunks, bytes, complete: false });
      }
    };
    const onEnd = () => finish({ outcome: 'read', chunks, bytes, complete: true });
    const onClose = () => finish({ outcome: 'gone' });
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    // A client that resets the connection mid-body: 'close' follows, and says it.
    req.on('error', ignore);
    check();
  });
}

/**
 * Has Astro's node handler read `chunks` (then, if the body was not read to its end, the rest of `req` as it comes) as
 * the request's body. Astro reads `req.body` when it is set: an object with no keys of its own is read as the async
 * iterable it is (keys would make it JSON, and a string would lose the bytes of an image).
 * @param {import('node:http').IncomingMessage & { body?: unknown }} req @param {Buffer[]} chunks @param {boolean} complete
 */
export function replayBody(req, chunks, complete) {
  req.body = {
    async *[Symbol.asyncIterator]() {
      yield* chunks;
      if (!complete) yield* req;
    },
  };
}

function ignore() {}
