// @ts-check
// What the HTTP front (front.mjs) does around one request and its answer: the rest of a refused body dropped, the
// Range headers sirv reads safely, the codings a client accepts, a late answer muted, and the request's log line.
import { randomUUID } from 'node:crypto';
import Negotiator from 'negotiator';
import { log } from '../log.mjs';

/** Bodies up to this size are read and dropped after an early answer (Node does it) with no limit of ours. */
export const drainedBodyBytes = 64 * 1024;
/**
 * A larger body still arriving after an early answer (413, an early 4xx) is read and dropped while it keeps coming, up
 * to these bounds, then the connection is closed. Closing at once resets a connection the client is still writing to,
 * and a reset can reach the client before it has read the answer: it sees "connection reset", never the 413's message.
 */
const lingerLimits = { idleMs: 1000, totalMs: 5000, bytes: 32 * 1024 * 1024 };

/**
 * Drops what is left of a request's body within `lingerLimits`, then closes the connection if the body has not ended.
 * @param {import('node:http').IncomingMessage} req
 */
export function dropRestOfBody(req) {
  const started = Date.now();
  let dropped = 0;
  let idle = setTimeout(() => req.destroy(), lingerLimits.idleMs);
  req.on('data', (/** @type {Buffer} */ chunk) => {
    dropped += chunk.length;
    clearTimeout(idle);
    if (dropped > lingerLimits.bytes || Date.now() - started > lingerLimits.totalMs) return req.destroy();
    idle = setTimeout(() => req.destroy(), lingerLimits.idleMs);
  });
  req.once('close', () => clearTimeout(idle));
  req.once('end', () => clearTimeout(idle));
  req.resume();
}

/**
 * Whether sirv reads this Range header correctly: `bytes=a-` or `bytes=a-b` with b ≥ a and b > 0, each a safe integer.
 * sirv clamps the end it sends to the file's size but gives its file stream the end as asked, and the stream throws on
 * one past Number.MAX_SAFE_INTEGER (bytes=0-99999999999999999999 ended the process). A start past the file is sirv's
 * 416.
 * @param {string} range
 */
export function usableRange(range) {
  const match = /^bytes=(\d+)-(\d*)$/.exec(range);
  if (!match) return false;
  const start = Number(match[1]);
  if (!Number.isSafeInteger(start)) return false;
  if (match[2] === '') return true;
  const end = Number(match[2]);
  return Number.isSafeInteger(end) && end >= start && end > 0;
}

/** The codings the server has, in the client's order of preference (q-values honoured: "br;q=0" means no brotli). */
const offeredEncodings = ['br', 'gzip', 'deflate'];

/**
 * The codings to hand on to sirv and compression, as a plain list they read correctly ("" for none).
 * @param {import('node:http').IncomingMessage} req
 */
export function acceptedEncodings(req) {
  return new Negotiator(req).encodings(offeredEncodings).join(', ');
}

/**
 * After the front has answered for a handler that took too long, the handler's own answer is dropped rather than
 * written after the end (which throws).
 * @param {import('node:http').ServerResponse} res
 */
export function muteLateAnswer(res) {
  res.writeHead = /** @type {typeof res.writeHead} */ (() => res);
  res.setHeader = /** @type {typeof res.setHeader} */ (() => res);
  res.write = /** @type {typeof res.write} */ (() => true);
  res.end = /** @type {typeof res.end} */ (() => res);
}

/**
 * One log line per request when its response is done: time, method, path (never the query: a reset link's token
 * travels there), status, duration, body bytes sent, client address and request id. The id is the trusted proxy's
 * X-Request-Id when it gives one, otherwise a new one; it is handed on to the app so its log lines carry it too.
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {boolean} trusted
 * @param {number} [started] when the request came
 */
export function logRequest(req, res, trusted, started = performance.now()) {
  const given = trusted ? String(req.headers['x-request-id'] ?? '') : '';
  const requestId = /^[\w.:-]{8,128}$/.test(given) ? given : randomUUID();
  req.headers['x-request-id'] = requestId;
  let bytes = 0;
  const count = (/** @type {unknown} */ chunk, /** @type {unknown} */ encoding) => {
    if (typeof chunk === 'string') bytes += Buffer.byteLength(chunk, typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8');
    else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
  };
  const { write, end } = res;
  res.write = /** @type {typeof res.write} */ (
    function (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) {
      count(chunk, rest[0]);
      return write.apply(this, /** @type {any} */ ([chunk, ...rest]));
    }
  );
  res.end = /** @type {typeof res.end} */ (
    function (/** @type {any} */ chunk, /** @type {any[]} */ ...rest) {
      if (typeof chunk !== 'function') count(chunk, rest[0]);
      return end.apply(this, /** @type {any} */ ([chunk, ...rest]));
    }
  );
  res.once('close', () => {
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    log.info(
      {
        method: req.method,
        path: (queryAt === -1 ? url : url.slice(0, queryAt)).slice(0, 300),
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        bytes,
        address: req.headers['x-forwarded-for'] ?? req.socket.remoteAddress,
        requestId,
        // The client left before the whole answer was written.
        ...(!res.writableEnded && { aborted: true }),
      },
      'request',
    );
  });
}
