// @ts-check
// The one way an answer from outside (Google, Bing, an AI model, a webhook's receiver) is read: its body with a byte
// limit, streamed, the connection dropped as soon as the limit is passed, and JSON parsed without holding the event
// loop: a large answer is parsed in a worker thread and handed back a slice per turn (JSON.parse of 7 MB took
// ~220 ms on the development machine, 20 MB over a second). The limits are in src/config/answer-limits.mjs.
// Plain JavaScript: the search sync runs outside the bundle too.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { bytesInWords } from '../../config/answer-limits.mjs';

/** An answer larger than its limit: nothing of it was used. */
export class AnswerTooLarge extends Error {
  /** @param {string} what who answered ("The Bing Webmaster API") @param {number} maxBytes */
  constructor(what, maxBytes) {
    super(`${what} answered more than ${bytesInWords(maxBytes)}`);
    this.name = 'AnswerTooLarge';
    this.maxBytes = maxBytes;
  }
}

/** An answer that is not the JSON it should be. */
export class AnswerNotJson extends Error {
  /** @param {string} what */
  constructor(what) {
    super(`${what} answered with JSON that cannot be read`);
    this.name = 'AnswerNotJson';
  }
}

/** Bodies up to this size are parsed on the main thread (a few milliseconds); larger ones in a worker. */
export const inlineParseMaxBytes = 256 * 1024;
/** Items of the answer's big array handed from the worker per event-loop turn (a few milliseconds to take in). */
const sliceItems = 500;

/** @typedef {{ maxBytes: number, what: string }} Bound */

/**
 * The body's bytes, at most `maxBytes`: past them the stream is cancelled (the connection dropped) and AnswerTooLarge
 * thrown. A Content-Length already past the limit is refused before a byte is read. Encoded bodies count decoded.
 * @param {Response} response @param {Bound} bound
 * @returns {Promise<Uint8Array>}
 */
export async function readBytes(response, { maxBytes, what }) {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (!response.body) return new Uint8Array(0);
  if (declared > maxBytes) {
    await response.body.cancel().catch(() => {});
    throw new AnswerTooLarge(what, maxBytes);
  }
  const reader = response.body.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new AnswerTooLarge(what, maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The body as text (UTF-8), at most `maxBytes`. @param {Response} response @param {Bound} bound */
export async function readText(response, bound) {
  return new TextDecoder().decode(await readBytes(response, bound));
}

/**
 * The body as JSON, at most `maxBytes`; throws AnswerTooLarge or AnswerNotJson. `arrayAt` names the answer's big
 * array (Google's `rows`, Bing's `d`): a large answer is parsed in a worker and that array handed back in slices, one
 * an event-loop turn, so neither the parse nor taking in its result holds other requests.
 * @param {Response} response @param {Bound & { arrayAt?: string }} bound
 * @returns {Promise<unknown>}
 */
export async function readJson(response, bound) {
  return parseJson(await readBytes(response, bound), bound);
}

/**
 * JSON from bytes, on the main thread when small, else in a worker (see readJson).
 * @param {Uint8Array} bytes @param {{ what: string, arrayAt?: string }} how
 * @returns {Promise<unknown>}
 */
export async function parseJson(bytes, { what, arrayAt }) {
  if (bytes.byteLength <= inlineParseMaxBytes) {
    try {
      return JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new AnswerNotJson(what);
    }
  }
  return parseInWorker(bytes, what, arrayAt);
}

// The worker: parses, answers the value without its big array and that array's length, then one slice per 'next'.
// Evaluated from this text (no file to find beside the server's bundle).
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
let value;
try {
  value = JSON.parse(new TextDecoder().decode(workerData.bytes));
} catch {
  parentPort.postMessage({ notJson: true });
  return;
}
const key = workerData.arrayAt;
const list = key && value && typeof value === 'object' && Array.isArray(value[key]) ? value[key] : null;
if (list) value[key] = [];
parentPort.postMessage({ value, items: list ? list.length : null });
let at = 0;
parentPort.on('message', () => {
  parentPort.postMessage({ slice: list.slice(at, at + workerData.sliceItems) });
  at += workerData.sliceItems;
});
`;

/** @param {Uint8Array} bytes @param {string} what @param {string | undefined} arrayAt @returns {Promise<unknown>} */
async function parseInWorker(bytes, what, arrayAt) {
  // The bytes are moved to the worker, not copied.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  const worker = new Worker(`(() => {${workerSource}})()`, {
    eval: true,
    workerData: { bytes: own, arrayAt, sliceItems },
    transferList: [/** @type {ArrayBuffer} */ (own.buffer)],
  });
  /** @type {{ message: any, resolve: (message: any) => void, reject: (error: unknown) => void } | null} */
  let waiting = null;
  /** @type {any[]} */
  const arrived = [];
  /** @type {unknown} */
  let failed = null;
  const settle = () => {
    if (!waiting) return;
    const { resolve, reject } = waiting;
    if (arrived.length > 0) {
      waiting = null;
      resolve(arrived.shift());
    } else if (failed) {
      waiting = null;
      reject(failed);
    }
  };
  worker.on('message', (message) => {
    arrived.push(message);
    settle();
  });
  worker.on('error', (error) => {
    failed = error;
    settle();
  });
  worker.on('exit', () => {
    failed ??= new Error('the JSON worker stopped');
    settle();
  });
  const next = () =>
    new Promise((resolve, reject) => {
      waiting = { message: null, resolve, reject };
      settle();
    });
  try {
    const head = await next();
    if (head.notJson) throw new AnswerNotJson(what);
    const { value, items } = head;
    if (items !== null && arrayAt) {
      /** @type {unknown[]} */
      const list = [];
      while (list.length < items) {
        // Each slice is taken in its own turn of the event loop: requests waiting are answered in between.
        await nextTurn();
        worker.postMessage('next');
        const { slice } = await next();
        for (const item of slice) list.push(item);
      }
      value[arrayAt] = list;
    }
    return value;
  } finally {
    void worker.terminate();
  }
}

/**
 * A `fetch` whose answers' bodies stop at `maxBytes`: reading past them fails with AnswerTooLarge and drops the
 * connection. For libraries that read the answer themselves (the AI SDK, google-auth-library's token request).
 * @param {number} maxBytes @param {string} what @param {typeof fetch} [base]
 * @returns {typeof fetch}
 */
export function boundedFetch(maxBytes, what, base = globalThis.fetch) {
  return async (input, init) => {
    const response = await base(input, init);
    if (!response.body) return response;
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    let seen = 0;
    const limit = new TransformStream({
      start(controller) {
        if (declared > maxBytes) controller.error(new AnswerTooLarge(what, maxBytes));
      },
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new AnswerTooLarge(what, maxBytes));
        else controller.enqueue(chunk);
      },
    });
    // Erroring the limit cancels the body read from the network (pipeThrough's default), which drops the connection.
    const body = response.body.pipeThrough(limit);
    const bounded = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    Object.defineProperty(bounded, 'url', { value: response.url });
    return bounded;
  };
}

/** Whether an error is, or was caused by, an answer too large. @param {unknown} error @returns {AnswerTooLarge | null} */
export function tooLargeIn(error) {
  for (let at = error, depth = 0; at && depth < 5; at = /** @type {{ cause?: unknown }} */ (at).cause, depth++) {
    if (at instanceof AnswerTooLarge) return at;
  }
  return null;
}
